import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { loginEmailChangedMail } from './auth-mails.ts';
import { isEmailTaken } from './is-email-taken.ts';

/** The sign-in address an account had, and the one it has now. */
export interface LoginEmailChange {
  from: string;
  to: string;
}

/**
 * Makes `email` the address the user signs in with, unless another account has it (the
 * profile forms call that field primary_email). When the address is a different one (not
 * merely different capitals), the previous address is told, in the same transaction: if
 * someone else made the change, the owner hears of it at the address they still read.
 * Returns the change.
 */
export async function changeLoginEmail(
  ctx: Pick<AppContext, 'jobs' | 'cache'>,
  tx: Executor,
  userId: number,
  email: string,
): Promise<LoginEmailChange | undefined> {
  if (await isEmailTaken(tx, email, userId)) throw conflict(MSG.emailInUse, 'primary_email');
  const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  if (!current || current.email === email) return undefined;
  await tx.update(users).set({ email }).where(eq(users.id, userId));
  if (current.email.toLowerCase() === email.toLowerCase()) return undefined;
  const settings = await ctx.cache.settings.get();
  await queueMail(ctx, tx, {
    to: current.email,
    template: 'login-email-changed',
    ...loginEmailChangedMail(email, settings.support_email),
  });
  return { from: current.email, to: email };
}
