import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../context.ts';
import { schools, users } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { hit, LIMITS } from '../../lib/rate-limit.ts';
import { recordChange } from '../audit/record-change.ts';
import { adoptVisits } from '../catalogue/recent-products.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { welcomeMail } from './auth-mails.ts';
import { checkNewPassword } from './check-new-password.ts';
import { isEmailTaken } from './is-email-taken.ts';
import { recordSignIn } from './record-sign-in.ts';
import { createSession } from './sessions.ts';

/**
 * A school registers itself: account and empty school record in one go, then signed in.
 * Every attempt counts against the address it comes from, before anything is looked up.
 */
export async function registerSchool(
  ctx: AppContext,
  input: { email: string; password: string; refCode: string; ip: string; userAgent?: string; cartId?: string },
): Promise<{ token: string; usertype: number }> {
  await hit(ctx.db, LIMITS.registerPerIp, input.ip);
  if (await isEmailTaken(ctx.db, input.email)) throw conflict(MSG.emailInUse, 'email');
  checkNewPassword(input.password, 'password', input.email);
  const passwordHash = await hashPassword(input.password);

  const token = await ctx.db
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, password_hash: passwordHash, usertype: USER_TYPE.school })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned no row');
      await tx.insert(schools).values({ user_id: user.id, ref_code: input.refCode });
      await recordChange(tx, {
        actorId: user.id,
        action: 'register',
        entity: 'school',
        entityId: user.id,
        after: { email: input.email, ref_code: input.refCode },
        ip: input.ip,
      });
      await adoptVisits(tx, user.id, input.cartId ?? '');
      await queueMail(ctx, tx, { to: input.email, template: 'welcome', ...welcomeMail(ctx.config.publicUrl) });
      // Registering signs the school in: its first sign-in, written as every other one is.
      await recordSignIn(tx, {
        action: 'sign_in',
        email: input.email,
        user: { id: user.id, usertype: USER_TYPE.school },
        ip: input.ip,
        userAgent: input.userAgent,
      });
      return createSession(tx, {
        userId: user.id,
        usertype: USER_TYPE.school,
        remember: false,
        ip: input.ip,
        userAgent: input.userAgent,
      });
    })
    .catch((error: { code?: string; cause?: { code?: string } }) => {
      // Two registrations racing for one address: the unique index decides.
      if (error.code === '23505' || error.cause?.code === '23505') throw conflict(MSG.emailInUse, 'email');
      throw error;
    });

  return { token, usertype: USER_TYPE.school };
}
