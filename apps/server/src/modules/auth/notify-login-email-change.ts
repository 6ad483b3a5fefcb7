import type { AppContext } from '../../context.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { loginEmailChangedMail } from './auth-mails.ts';
import type { LoginEmailChange } from './change-login-email.ts';

/**
 * Tells the previous address that the account now signs in with another one: if someone
 * else made the change, the owner hears of it at the address they still read.
 */
export async function notifyLoginEmailChange(ctx: AppContext, change: LoginEmailChange | undefined) {
  if (!change) return;
  const settings = await ctx.cache.settings.get();
  await queueMail(ctx, ctx.db, {
    to: change.from,
    template: 'login-email-changed',
    ...loginEmailChangedMail(change.to, settings.support_email),
  });
}
