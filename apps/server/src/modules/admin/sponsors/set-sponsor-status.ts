import type { AppContext } from '../../../context.ts';
import { changeAccountStatus } from '../change-account-status.ts';
import type { Staff } from '../staff.ts';
import { findStaffSponsor } from './find-staff-sponsor.ts';

/** Enables or disables a sponsor's account; disabling signs the sponsor out everywhere. */
export function setSponsorStatus(ctx: AppContext, staff: Staff, userId: number, status: 0 | 1, ip: string) {
  return changeAccountStatus(ctx, {
    actorId: staff.userId,
    ip,
    entity: 'sponsor',
    userId,
    status,
    find: async (tx) => (await findStaffSponsor(tx, staff, userId, true)).user,
  });
}
