import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { isEmailTaken } from './is-email-taken.ts';

/**
 * Makes `email` the address the user signs in with, unless another account has it (the
 * profile forms call that field primary_email). Returns the address it replaced when it
 * is a different one (not merely different capitals), so that its owner can be told.
 */
export async function changeLoginEmail(tx: Executor, userId: number, email: string): Promise<string | undefined> {
  if (await isEmailTaken(tx, email, userId)) throw conflict(MSG.emailInUse, 'primary_email');
  const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  if (!current || current.email === email) return undefined;
  await tx.update(users).set({ email }).where(eq(users.id, userId));
  return current.email.toLowerCase() === email.toLowerCase() ? undefined : current.email;
}
