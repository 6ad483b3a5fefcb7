import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { users } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { Staff } from '../staff.ts';
import { findStaffSponsor } from './find-staff-sponsor.ts';

/** Enables or disables a sponsor's account; disabling signs the sponsor out everywhere. */
export async function setSponsorStatus(ctx: AppContext, staff: Staff, userId: number, status: 0 | 1, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const { user } = await findStaffSponsor(tx, staff, userId, true);
    await tx.update(users).set({ status }).where(eq(users.id, userId));
    if (status === 0) await revokeUserSessions(tx, userId);
    await recordChange(tx, {
      actorId: staff.userId,
      action: status === 0 ? 'disable' : 'enable',
      entity: 'sponsor',
      entityId: userId,
      before: { status: user.status },
      after: { status },
      ip,
    });
  });
  if (status === 0) ctx.feed.touch('sessions');
}
