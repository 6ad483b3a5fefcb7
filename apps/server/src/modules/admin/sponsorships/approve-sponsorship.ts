import { MSG } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { sponsorships } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { findStaffSponsorship } from './staff-sponsorship.ts';

/** Requested → Approved (spec §4); any other status is refused. */
export async function approveSponsorship(ctx: AppContext, staff: Staff, id: number, ip?: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findStaffSponsorship(tx, staff, id, true);
    if (current.status !== 'Requested') throw conflict(MSG.adminSponsorshipNotRequested);
    await tx
      .update(sponsorships)
      .set({ status: 'Approved', approved_at: ctx.clock(), updated_at: sql`now()` })
      .where(eq(sponsorships.id, id));
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'approve',
      entity: 'sponsorship',
      entityId: id,
      before: { status: current.status },
      after: { status: 'Approved' },
      ip,
    });
  });
}
