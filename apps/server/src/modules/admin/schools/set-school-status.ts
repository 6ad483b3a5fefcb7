import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { users } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { findStaffSchool } from './find-staff-school.ts';

/** Enables or disables a school's account (administrators); disabling signs the school out everywhere. */
export async function setSchoolStatus(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  userId: number,
  status: 0 | 1,
) {
  await ctx.db.transaction(async (tx) => {
    const user = await findStaffSchool(tx, userId, true);
    await tx.update(users).set({ status }).where(eq(users.id, userId));
    if (status === 0) await revokeUserSessions(tx, userId);
    await recordChange(tx, {
      actorId: actor.userId,
      action: status === 0 ? 'disable' : 'enable',
      entity: 'school',
      entityId: userId,
      before: { status: user.status },
      after: { status },
      ip: actor.ip,
    });
  });
  if (status === 0) ctx.feed.touch('sessions');
}
