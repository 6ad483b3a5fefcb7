import { RESET_KEY_TTL_MS } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { password_resets, users } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { hit, LIMITS } from '../../lib/rate-limit.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { passwordResetMail } from './auth-mails.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Sends a single-use reset link valid for an hour, if the address has an account. The
 * answer is the same either way, so the form tells nobody which addresses exist.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await hit(ctx.db, LIMITS.forgotPerIp, ip);
  await hit(ctx.db, LIMITS.forgotPerAccount, email);
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.status, 1)));
  if (!user) return;

  const key = randomToken();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(password_resets).values({
      user_id: user.id,
      key_hash: hashToken(key),
      purpose: 'reset',
      expires_at: new Date(Date.now() + RESET_KEY_TTL_MS),
    });
    const mail = passwordResetMail(ctx.config.publicUrl, key);
    await queueMail(ctx, tx, { to: user.email, template: 'password-reset', ...mail });
  });
}

/**
 * Sets a new password with a key from an e-mailed link. The key is used up, and every
 * session of the user ends (whoever had the old password is signed out).
 */
export async function setPasswordWithKey(ctx: AppContext, key: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(password_resets)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(password_resets.key_hash, hashToken(key)),
          isNull(password_resets.used_at),
          gt(password_resets.expires_at, new Date()),
        ),
      )
      .returning({ userId: password_resets.user_id });
    if (!reset) throw badRequest(MSG.resetKeyInvalid, { securitykey: MSG.resetKeyInvalid });
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, reset.userId));
    await expireResetKeys(tx, reset.userId);
    await revokeUserSessions(tx, reset.userId);
  });
  ctx.feed.touch('sessions');
}

/** Once the password has changed, older reset links must not change it again. */
async function expireResetKeys(db: Executor, userId: number) {
  await db
    .update(password_resets)
    .set({ used_at: new Date() })
    .where(and(eq(password_resets.user_id, userId), isNull(password_resets.used_at)));
}

/** A signed-in user changes the password; the user's other sessions end. */
export async function changePassword(ctx: AppContext, userId: number, sessionId: number, password: string) {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, userId));
    await expireResetKeys(tx, userId);
    await revokeUserSessions(tx, userId, sessionId);
  });
  ctx.feed.touch('sessions');
}
