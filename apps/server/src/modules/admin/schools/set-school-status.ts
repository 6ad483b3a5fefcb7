import type { AppContext } from '../../../context.ts';
import { changeAccountStatus } from '../change-account-status.ts';
import { findStaffSchool } from './find-staff-school.ts';

/** Enables or disables a school's account (administrators); disabling signs the school out everywhere. */
export function setSchoolStatus(ctx: AppContext, actor: { userId: number; ip: string }, userId: number, status: 0 | 1) {
  return changeAccountStatus(ctx, {
    actorId: actor.userId,
    ip: actor.ip,
    entity: 'school',
    userId,
    status,
    find: (tx) => findStaffSchool(tx, userId, true),
  });
}
