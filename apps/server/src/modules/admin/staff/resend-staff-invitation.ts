import { STAFF_ROLE_OF, type StaffRole } from '@portal/contracts/admin';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { users } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { makeInvitationKey, queueInvitation } from '../sponsors/send-sponsor-invitation.ts';
import type { Staff } from '../staff.ts';

/** A new invitation for a staff member who has not chosen a password yet; the older link stops working. */
export async function resendStaffInvitation(ctx: AppContext, staff: Staff, userId: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        email: users.email,
        usertype: users.usertype,
        status: users.status,
        password_hash: users.password_hash,
      })
      .from(users)
      .where(and(eq(users.id, userId), inArray(users.usertype, [USER_TYPE.admin, USER_TYPE.salesRep])))
      .for('update');
    if (!user) throw notFound();
    if (user.password_hash !== null) throw conflict(MSG.staffHasPassword);
    if (user.status === 0) throw conflict(MSG.staffInvitationDisabled);
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'invite',
      entity: 'account',
      entityId: userId,
      after: { invitation_sent_to: user.email },
      ip,
    });
    const key = await makeInvitationKey(tx, userId);
    await queueInvitation(ctx, tx, user.email, key, { staff: STAFF_ROLE_OF[user.usertype] as StaffRole });
  });
}
