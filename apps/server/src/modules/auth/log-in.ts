import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { clearHits, firstRefusal, hit, isOverLimit, LIMITS } from '../../lib/rate-limit.ts';
import { randomToken } from '../../lib/tokens.ts';
import { adoptVisits } from '../catalogue/recent-products.ts';
import { recordSignIn } from './record-sign-in.ts';
import { createSession } from './sessions.ts';

/** Checked against when the e-mail is unknown, so that both paths take as long. */
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

const WRONG_DOOR: Record<number, string> = {
  [USER_TYPE.school]: MSG.wrongDoorSchool,
  [USER_TYPE.sponsor]: MSG.wrongDoorSponsor,
  [USER_TYPE.admin]: MSG.wrongDoorStaff,
  [USER_TYPE.salesRep]: MSG.wrongDoorStaff,
};

export interface LogInInput {
  email: string;
  password: string;
  /** The form used: school (4), sponsor (5), or staff (1 or 2 accepted) at the employee login. */
  usertypes: readonly number[];
  remember: boolean;
  ip: string;
  userAgent?: string | undefined;
  /** The visitor's cart id, whose product visits become the account's. */
  cartId?: string;
}

/** The sign-in limits, each with the word its lock-out is recorded by. */
const SIGN_IN_LIMITS = [
  { limit: LIMITS.loginPerIp, subject: (input: LogInInput) => input.ip, reason: 'ip' },
  { limit: LIMITS.loginPerAccount, subject: (input: LogInInput) => input.email, reason: 'account' },
] as const;

/**
 * Signs a user in through one of the doors. Failed attempts count against the account
 * and the IP address, and once either has too many, every attempt is refused until the
 * window passes; a user of another type is told which login to use, but only after
 * the password was right. Every sign-in, every failed one and the first refusal of a
 * lock-out are written to the audit log with the address and the browser.
 */
export async function logIn(db: Database, input: LogInInput): Promise<{ token: string; usertype: number }> {
  const [user] = await db
    .select({ id: users.id, usertype: users.usertype, status: users.status, password_hash: users.password_hash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  const attempt = {
    email: input.email,
    user: user && { id: user.id, usertype: user.usertype },
    ip: input.ip,
    userAgent: input.userAgent,
  };

  for (const { limit, subject, reason } of SIGN_IN_LIMITS) {
    if (!(await isOverLimit(db, limit, subject(input)))) continue;
    if (await firstRefusal(db, limit, subject(input))) {
      await recordSignIn(db, { ...attempt, action: 'sign_in_locked', reason });
    }
    throw tooManyRequests();
  }

  const valid = await verifyPassword(user?.password_hash ?? (await dummy()), input.password);
  if (!user?.password_hash || !valid) {
    await recordSignIn(db, { ...attempt, action: 'sign_in_failed', reason: user ? 'password' : 'unknown' });
    await hit(db, LIMITS.loginPerIp, input.ip);
    await hit(db, LIMITS.loginPerAccount, input.email);
    throw unauthorized(MSG.invalidLogin);
  }
  if (!input.usertypes.includes(user.usertype)) {
    await recordSignIn(db, { ...attempt, action: 'sign_in_failed', reason: 'wrong_door' });
    throw forbidden(WRONG_DOOR[user.usertype] ?? MSG.invalidLogin);
  }
  if (user.status !== 1) {
    await recordSignIn(db, { ...attempt, action: 'sign_in_failed', reason: 'disabled' });
    throw new AppError(403, MSG.accountDisabled);
  }

  await clearHits(db, LIMITS.loginPerAccount, input.email);
  const token = await db.transaction(async (tx) => {
    const session = await createSession(tx, {
      userId: user.id,
      usertype: user.usertype,
      remember: input.remember,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    await tx.update(users).set({ last_login_at: new Date() }).where(eq(users.id, user.id));
    await recordSignIn(tx, { ...attempt, action: 'sign_in' });
    await adoptVisits(tx, user.id, input.cartId ?? '');
    return session;
  });
  return { token, usertype: user.usertype };
}
