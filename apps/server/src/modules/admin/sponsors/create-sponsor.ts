import type { AdminSponsorFields } from '@portal/contracts/admin-sponsors';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { sponsors, users } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { isEmailTaken } from '../../auth/is-email-taken.ts';
import type { Staff } from '../staff.ts';
import { checkSalesRep } from './check-sales-rep.ts';
import { makeInvitationKey, queueInvitation } from './send-sponsor-invitation.ts';

type Input = z.output<typeof AdminSponsorFields>;

/**
 * Staff open a sponsor's account (sponsors never register themselves, D15): the sign-in
 * user without a password, its profile, and an invitation to choose the password. A rep
 * who creates a sponsor is its rep; an administrator picks one (or none yet).
 */
export async function createSponsor(ctx: AppContext, staff: Staff, input: Input, ip: string): Promise<number> {
  const srepId = staff.role === 'rep' ? staff.userId : (input.srep_id ?? null);
  const userId = await ctx.db.transaction(async (tx) => {
    if (await isEmailTaken(tx, input.primary_email)) throw conflict(MSG.sponsorEmailInUse, 'primary_email');
    if (srepId !== null && staff.role === 'admin') await checkSalesRep(tx, srepId);
    const names = input.primary_name.split(/\s+/);
    const [user] = await tx
      .insert(users)
      .values({
        email: input.primary_email,
        usertype: USER_TYPE.sponsor,
        first_name: names[0] ?? '',
        last_name: names.slice(1).join(' '),
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned no row');
    const profile = {
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
    // With a rep chosen, the sponsor's first-time form (business name and rep) has nothing left to ask.
    await tx
      .insert(sponsors)
      .values({ ...profile, user_id: user.id, details_completed_at: srepId === null ? null : new Date() });
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'create',
      entity: 'sponsor',
      entityId: user.id,
      after: { email: input.primary_email, ...profile },
      ip,
    });
    const key = await makeInvitationKey(tx, user.id);
    await queueInvitation(ctx, tx, input.primary_email, key, { sponsor: input.business_name });
    return user.id;
  });
  return userId;
}
