import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { assertUnderLimit, hit, LIMITS } from '../../lib/rate-limit.ts';

export interface PasswordConfirmation {
  userId: number;
  /** What the user typed as the current password. */
  password: string;
  ip: string;
  /** The form's field the refusal is shown under. */
  field: string;
}

/**
 * Checks the password an account has now, before a change that would hand the account to
 * whoever makes it (a new password, a new sign-in e-mail), so that a session left open is
 * not enough. A wrong one counts as a failed sign-in, against the account and the IP
 * address, and once either has had too many every attempt is refused with 429: an open
 * session cannot be used to guess the password either.
 */
export async function confirmCurrentPassword(db: Database, input: PasswordConfirmation): Promise<void> {
  const [user] = await db
    .select({ email: users.email, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, input.userId));
  // Counted under the address as the sign-in form counts it, so both share one limit.
  const account = user?.email.toLowerCase() ?? String(input.userId);
  await assertUnderLimit(db, LIMITS.loginPerIp, input.ip);
  await assertUnderLimit(db, LIMITS.loginPerAccount, account);
  const valid = !!user?.password_hash && (await verifyPassword(user.password_hash, input.password));
  if (valid) return;
  await hit(db, LIMITS.loginPerIp, input.ip);
  await hit(db, LIMITS.loginPerAccount, account);
  throw fieldError(input.field, MSG.currentPasswordIncorrect);
}
