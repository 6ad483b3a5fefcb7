import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { enquiries } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { findStaffEnquiry } from './find-staff-enquiry.ts';

/** Closes an enquiry once dealt with, or reopens it. */
export async function closeEnquiry(ctx: AppContext, staff: Staff, id: number, closed: boolean, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const enquiry = await findStaffEnquiry(tx, staff, id, true);
    if (!!enquiry.closed_at === closed) return;
    const closedAt = closed ? new Date() : null;
    await tx.update(enquiries).set({ closed_at: closedAt }).where(eq(enquiries.id, id));
    await recordChange(tx, {
      actorId: staff.userId,
      action: closed ? 'close' : 'reopen',
      entity: 'enquiry',
      entityId: id,
      before: { closed_at: enquiry.closed_at },
      after: { closed_at: closedAt },
      ip,
    });
  });
}
