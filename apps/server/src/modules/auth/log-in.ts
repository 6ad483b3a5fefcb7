import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { assertUnderLimit, clearHits, hit, LIMITS } from '../../lib/rate-limit.ts';
import { randomToken } from '../../lib/tokens.ts';
import { adoptVisits } from '../catalogue/recent-products.ts';
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

/**
 * Signs a user in through one of the doors. Failed attempts count against the account
 * and the IP address, and once either has too many, every attempt is refused until the
 * window passes; a user of another type is told which login to use, but only after
 * the password was right.
 */
export async function logIn(db: Database, input: LogInInput): Promise<{ token: string; usertype: number }> {
  await assertUnderLimit(db, LIMITS.loginPerIp, input.ip);
  await assertUnderLimit(db, LIMITS.loginPerAccount, input.email);

  const [user] = await db
    .select({ id: users.id, usertype: users.usertype, status: users.status, password_hash: users.password_hash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  const valid = await verifyPassword(user?.password_hash ?? (await dummy()), input.password);
  if (!user?.password_hash || !valid) {
    await hit(db, LIMITS.loginPerIp, input.ip);
    await hit(db, LIMITS.loginPerAccount, input.email);
    throw unauthorized(MSG.invalidLogin);
  }
  if (!input.usertypes.includes(user.usertype)) throw forbidden(WRONG_DOOR[user.usertype] ?? MSG.invalidLogin);
  if (user.status !== 1) throw new AppError(403, MSG.accountDisabled);

  await clearHits(db, LIMITS.loginPerAccount, input.email);
  const token = await createSession(db, {
    userId: user.id,
    usertype: user.usertype,
    remember: input.remember,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, user.id));
  await adoptVisits(db, user.id, input.cartId ?? '');
  return { token, usertype: user.usertype };
}
