import { MSG } from '@portal/contracts/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database, Executor } from '../../db/client.ts';
import { password_resets, users } from '../../db/schema/index.ts';
import { conflict, fieldError } from '../../lib/errors.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { loginEmailChangedMail } from './auth-mails.ts';
import { confirmCurrentPassword } from './confirm-current-password.ts';
import { isEmailTaken } from './is-email-taken.ts';
import { revokeUserSessions } from './sessions.ts';

/** The sign-in address an account had, and the one it has now. */
export interface LoginEmailChange {
  from: string;
  to: string;
}

/** Who changes the address: the account holder from a session, or staff in the back office. */
export type EmailChanger = { sessionId: number; passwordConfirmed: boolean } | 'staff';

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Before the holder saves a form whose primary e-mail is the sign-in address: when the save
 * would change it (not merely its capitals), the current password must come with it, since
 * whoever controls the address controls the password reset. Answers whether it was given
 * and right; refuses the save otherwise (400 on current_password, counted as a failed
 * sign-in when wrong).
 */
export async function confirmLoginEmailChange(
  db: Database,
  input: { userId: number; email: string; password: string; ip: string },
): Promise<boolean> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!current || sameAddress(current.email, input.email)) return false;
  if (input.password === '') throw fieldError('current_password', MSG.emailChangeNeedsPassword);
  await confirmCurrentPassword(db, {
    userId: input.userId,
    password: input.password,
    ip: input.ip,
    field: 'current_password',
  });
  return true;
}

/**
 * Makes `email` the address the user signs in with, unless another account has it (the
 * profile forms call that field primary_email). When the address is a different one (not
 * merely different capitals), in the same transaction: the previous address is told (if
 * someone else made the change, the owner hears of it at the address they still read), the
 * password links sent to it stop working, and the account's sessions end (but the holder's
 * own, who confirmed the change with the password; staff's change ends them all). The
 * caller tells the change feed of the sessions once the transaction commits. Returns the
 * change.
 */
export async function changeLoginEmail(
  ctx: Pick<AppContext, 'jobs' | 'cache'>,
  tx: Executor,
  userId: number,
  email: string,
  by: EmailChanger,
): Promise<LoginEmailChange | undefined> {
  if (await isEmailTaken(tx, email, userId)) throw conflict(MSG.emailInUse, 'primary_email');
  const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  if (!current || current.email === email) return undefined;
  const real = !sameAddress(current.email, email);
  // The address read before the transaction may have changed since: never without the password.
  if (real && by !== 'staff' && !by.passwordConfirmed) {
    throw fieldError('current_password', MSG.emailChangeNeedsPassword);
  }
  await tx.update(users).set({ email }).where(eq(users.id, userId));
  if (!real) return undefined;

  await tx
    .update(password_resets)
    .set({ used_at: new Date() })
    .where(and(eq(password_resets.user_id, userId), isNull(password_resets.used_at)));
  await revokeUserSessions(tx, userId, by === 'staff' ? undefined : by.sessionId);
  const settings = await ctx.cache.settings.get();
  await queueMail(ctx, tx, {
    to: current.email,
    template: 'login-email-changed',
    ...loginEmailChangedMail(email, settings.support_email),
  });
  return { from: current.email, to: email };
}
