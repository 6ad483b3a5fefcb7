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
import { recordChange } from '../audit/record-change.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { passwordResetMail, passwordResetNoticeMail } from './auth-mails.ts';
import { checkNewPassword } from './check-new-password.ts';
import { confirmCurrentPassword } from './confirm-current-password.ts';
import { findEmailChangesByOthers } from './find-email-changes-by-others.ts';
import { revokeUserSessions } from './sessions.ts';

/** Where a request came from, as the audit log keeps it. */
export interface RequestOrigin {
  ip: string;
  userAgent?: string | undefined;
}

const userAgentOf = (origin: RequestOrigin) => origin.userAgent?.slice(0, 300) ?? null;

/**
 * Sends a single-use reset link valid for an hour, if the address has an account. The
 * answer is the same either way, so the form tells nobody which addresses exist. Only the
 * newest link works: the account's earlier reset links stop working (an invitation staff
 * sent stays valid, decision 027). When someone other than the holder changed the sign-in
 * address in the last 30 days, the previous address is told of the request too.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, origin: RequestOrigin): Promise<void> {
  await hit(ctx.db, LIMITS.forgotPerIp, origin.ip);
  await hit(ctx.db, LIMITS.forgotPerAccount, email);
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.status, 1)));
  if (!user) return;

  const key = randomToken();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(password_resets)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(password_resets.user_id, user.id),
          eq(password_resets.purpose, 'reset'),
          isNull(password_resets.used_at),
        ),
      );
    await tx.insert(password_resets).values({
      user_id: user.id,
      key_hash: hashToken(key),
      purpose: 'reset',
      expires_at: new Date(Date.now() + RESET_KEY_TTL_MS),
    });
    await recordChange(tx, {
      actorId: null,
      action: 'password_reset_requested',
      entity: 'user',
      entityId: user.id,
      after: { user_agent: userAgentOf(origin) },
      ip: origin.ip,
    });
    const mail = passwordResetMail(ctx.config.publicUrl, key);
    await queueMail(ctx, tx, { to: user.email, template: 'password-reset', ...mail });
    await noticePreviousAddresses(ctx, tx, user);
  });
}

/** Tells each address the account had until someone else changed it, recently, of the reset asked for. */
async function noticePreviousAddresses(ctx: AppContext, tx: Executor, user: { id: number; email: string }) {
  const changes = await findEmailChangesByOthers(tx, user.id);
  const previous = changes.filter((change) => change.from.toLowerCase() !== user.email.toLowerCase());
  if (previous.length === 0) return;
  const settings = await ctx.cache.settings.get();
  for (const change of previous) {
    await queueMail(ctx, tx, {
      to: change.from,
      template: 'password-reset-notice',
      ...passwordResetNoticeMail(change, settings.support_email),
    });
  }
}

/**
 * Sets a new password with a key from an e-mailed link (a reset or an invitation). The key
 * is used up, every session of the user ends (whoever had the old password is signed out),
 * and the audit log keeps who set it from where.
 */
export async function setPasswordWithKey(
  ctx: AppContext,
  key: string,
  password: string,
  origin: RequestOrigin,
): Promise<void> {
  checkNewPassword(password, 'npassword');
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
      .returning({ userId: password_resets.user_id, purpose: password_resets.purpose });
    if (!reset) throw badRequest(MSG.resetKeyInvalid, { securitykey: MSG.resetKeyInvalid });
    const [user] = await tx
      .update(users)
      .set({ password_hash: passwordHash })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email });
    // Refused here too, now that the account is known: its own address is no password.
    checkNewPassword(password, 'npassword', user?.email);
    await expireResetKeys(tx, reset.userId);
    await revokeUserSessions(tx, reset.userId);
    await recordChange(tx, {
      actorId: reset.userId,
      action: 'password_reset',
      entity: 'user',
      entityId: reset.userId,
      after: { user_agent: userAgentOf(origin), link: reset.purpose },
      ip: origin.ip,
    });
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

/**
 * A signed-in user changes the password, giving the current one (a wrong one counts as a
 * failed sign-in); the user's other sessions end, this one is kept.
 */
export async function changePassword(
  ctx: AppContext,
  user: { userId: number; sessionId: number; email: string },
  input: { currentPassword: string; password: string; ip: string },
) {
  checkNewPassword(input.password, 'npassword', user.email);
  await confirmCurrentPassword(ctx.db, {
    userId: user.userId,
    password: input.currentPassword,
    ip: input.ip,
    field: 'current_password',
  });
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, user.userId));
    await expireResetKeys(tx, user.userId);
    await revokeUserSessions(tx, user.userId, user.sessionId);
    await recordChange(tx, {
      actorId: user.userId,
      action: 'password_changed',
      entity: 'user',
      entityId: user.userId,
      before: null,
      after: { other_sessions_ended: true },
      ip: input.ip,
    });
  });
  ctx.feed.touch('sessions');
}
