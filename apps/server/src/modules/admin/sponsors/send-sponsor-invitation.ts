import type { StaffRole } from '@portal/contracts/admin';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { password_resets } from '../../../db/schema/index.ts';
import { hashToken, randomToken } from '../../../lib/tokens.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { staffInvitationMail } from '../staff/staff-mails.ts';
import { INVITE_KEY_TTL_MS, sponsorInvitationMail } from './sponsor-mails.ts';

/**
 * Makes a new invitation key for an account staff opened, a sponsor's or a staff member's
 * (earlier unused invitations stop working), and returns the key, for the mail to be queued
 * in the same transaction.
 */
export async function makeInvitationKey(tx: Executor, userId: number): Promise<string> {
  await tx
    .update(password_resets)
    .set({ used_at: new Date() })
    .where(
      and(eq(password_resets.user_id, userId), eq(password_resets.purpose, 'invite'), isNull(password_resets.used_at)),
    );
  const key = randomToken();
  await tx.insert(password_resets).values({
    user_id: userId,
    key_hash: hashToken(key),
    purpose: 'invite',
    expires_at: new Date(Date.now() + INVITE_KEY_TTL_MS),
  });
  return key;
}

/** Whom an invitation is for: a sponsor's business, or a staff member and their role. */
export type Invitee = { sponsor: string } | { staff: StaffRole };

/** Queues the invitation e-mail with its set-password link (the reset screen, /set-password/:key), in the key's transaction. */
export function queueInvitation(ctx: AppContext, tx: Executor, to: string, key: string, invitee: Invitee) {
  return 'sponsor' in invitee
    ? queueMail(ctx, tx, {
        to,
        template: 'sponsor-invitation',
        ...sponsorInvitationMail(ctx.config.publicUrl, key, invitee.sponsor),
      })
    : queueMail(ctx, tx, {
        to,
        template: 'staff-invitation',
        ...staffInvitationMail(ctx.config.publicUrl, key, invitee.staff),
      });
}
