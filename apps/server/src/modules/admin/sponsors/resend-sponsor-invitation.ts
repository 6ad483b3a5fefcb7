import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context.ts';
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
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'invite',
      entity: 'sponsor',
      entityId: userId,
      after: { invitation_sent_to: user.email },
      ip,
    });
    const key = await makeInvitationKey(tx, userId);
    await queueInvitation(ctx, tx, user.email, key, { sponsor: sponsor.business_name });
  });
}
