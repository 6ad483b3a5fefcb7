import type { UpdateSponsorBody } from '@portal/contracts/admin-sponsors';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { sponsors } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { fieldsBefore, recordChange } from '../../audit/record-change.ts';
import { changeLoginEmail } from '../../auth/change-login-email.ts';
import type { Staff } from '../staff.ts';
import { checkSalesRep } from './check-sales-rep.ts';
import { findStaffSponsor } from './find-staff-sponsor.ts';
import { inviteSponsorAgain } from './resend-sponsor-invitation.ts';

type Input = z.output<typeof UpdateSponsorBody>;

/**
 * Staff edit a sponsor's profile. The primary e-mail is the login: a new one must be free,
 * the old address is told, the sponsor's sessions all end, and for 30 days a password reset
 * asked for the account is told to the old address too (`requestPasswordReset`, reading the
 * audit row written here). A sponsor still to choose a password is sent the invitation
 * again, at the new address, since the link sent to the old one stops working. Only an
 * administrator changes the rep; a rep's srep_id is ignored, so that a rep cannot hand a
 * sponsor away.
 */
export async function updateSponsor(ctx: AppContext, staff: Staff, userId: number, input: Input, ip: string) {
  const emailChange = await ctx.db.transaction(async (tx) => {
    const { user, sponsor } = await findStaffSponsor(tx, staff, userId, true);
    if (input.version && input.version !== sponsor.updated_at.toISOString()) throw conflict(MSG.adminSponsorChanged);
    const srepId = staff.role === 'admin' && input.srep_id !== undefined ? input.srep_id : sponsor.srep_id;
    if (srepId !== sponsor.srep_id && srepId !== null) await checkSalesRep(tx, srepId);
    const emailChange = await changeLoginEmail(ctx, tx, userId, input.primary_email, 'staff');
    const after = {
      business_name: input.business_name,
      srep_id: srepId,
      phone_number: input.phone_number,
      website: input.website,
      primary_name: input.primary_name,
      primary_phone: input.primary_phone,
      secondary_name: input.secondary_name,
      secondary_email: input.secondary_email,
      secondary_phone: input.secondary_phone,
    };
    await tx.update(sponsors).set(after).where(eq(sponsors.user_id, userId));
    const before = fieldsBefore(sponsor, after);
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'update',
      entity: 'sponsor',
      entityId: userId,
      before: { email: user.email, ...before },
      after: { email: input.primary_email, ...after },
      ip,
    });
    if (emailChange && user.password_hash === null) {
      await inviteSponsorAgain(ctx, tx, {
        staff,
        userId,
        email: input.primary_email,
        businessName: input.business_name,
        ip,
      });
    }
    return emailChange;
  });
  if (emailChange) ctx.feed.touch('sessions');
}
