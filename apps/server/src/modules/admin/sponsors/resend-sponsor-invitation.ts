import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { findStaffSponsor } from './find-staff-sponsor.ts';
import { makeInvitationKey, queueInvitation } from './send-sponsor-invitation.ts';

/** A new invitation for a sponsor who has not chosen a password yet; the older link stops working. */
export async function resendSponsorInvitation(ctx: AppContext, staff: Staff, userId: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const { user, sponsor } = await findStaffSponsor(tx, staff, userId, true);
    if (user.password_hash !== null) throw conflict(MSG.sponsorHasPassword);
    await inviteSponsorAgain(ctx, tx, { staff, userId, email: user.email, businessName: sponsor.business_name, ip });
  });
}

/**
 * In the caller's transaction: a fresh invitation key for a sponsor without a password,
 * e-mailed to `email`, and the audit row that says so (a resend, or a new sign-in address).
 */
export async function inviteSponsorAgain(
  ctx: AppContext,
  tx: Executor,
  invite: { staff: Staff; userId: number; email: string; businessName: string; ip: string },
) {
  await recordChange(tx, {
    actorId: invite.staff.userId,
    action: 'invite',
    entity: 'sponsor',
    entityId: invite.userId,
    after: { invitation_sent_to: invite.email },
    ip: invite.ip,
  });
  const key = await makeInvitationKey(tx, invite.userId);
  await queueInvitation(ctx, tx, invite.email, key, { sponsor: invite.businessName });
}
