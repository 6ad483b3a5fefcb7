import type { CreateAdminSponsorshipBody } from '@portal/contracts/admin-sponsorships';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { sponsorship_items, sponsorships } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { priceItems } from './sponsorship-items.ts';
import { findStaffSponsor } from './staff-sponsorship.ts';

/** A new sponsorship for a sponsor the staff member may see, Requested, its totals the server's own. */
export async function createAdminSponsorship(
  ctx: AppContext,
  staff: Staff,
  input: z.output<typeof CreateAdminSponsorshipBody>,
  ip?: string,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const sponsor = await findStaffSponsor(tx, staff, input.sponsor_id);
    const priced = priceItems(input.items);
    const [row] = await tx
      .insert(sponsorships)
      .values({
        sponsor_user_id: sponsor.user_id,
        year: input.year,
        status: 'Requested',
        total_qty: priced.total_qty,
        total_cents: priced.total_cents,
        created_by: staff.userId,
      })
      .returning({ id: sponsorships.id });
    if (!row) throw new Error('sponsorship insert returned no row');
    await tx.insert(sponsorship_items).values(priced.lines.map((l) => ({ ...l, sponsorship_id: row.id })));
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'create',
      entity: 'sponsorship',
      entityId: row.id,
      after: {
        sponsor_user_id: sponsor.user_id,
        year: input.year,
        status: 'Requested',
        total_qty: priced.total_qty,
        total_cents: priced.total_cents,
        items: priced.lines,
      },
      ip,
    });
    return row.id;
  });
}
