import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { isEmailTaken } from './is-email-taken.ts';

/** The sign-in address an account had, and the one it has now. */
export interface LoginEmailChange {
  from: string;
  to: string;
}

/**
 * Makes `email` the address the user signs in with, unless another account has it (the
 * profile forms call that field primary_email). Returns the change when the address is a
 * different one (not merely different capitals), so that the old address can be told.
 */
export async function changeLoginEmail(
  tx: Executor,
  userId: number,
  email: string,
): Promise<LoginEmailChange | undefined> {
  if (await isEmailTaken(tx, email, userId)) throw conflict(MSG.emailInUse, 'primary_email');
  const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  if (!current || current.email === email) return undefined;
  await tx.update(users).set({ email }).where(eq(users.id, userId));
  return current.email.toLowerCase() === email.toLowerCase() ? undefined : { from: current.email, to: email };
}
