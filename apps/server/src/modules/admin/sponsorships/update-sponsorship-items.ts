import type { UpdateSponsorshipItemsBody } from '@portal/contracts/admin-sponsorships';
import { MSG } from '@portal/contracts/messages';
import { itemsEditable } from '@portal/contracts/sponsorship-rules';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { payment_allocations, payments, sponsorship_items, sponsorships } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { auditedItems, itemsOf, priceItems } from './sponsorship-items.ts';
import { findStaffSponsorship } from './staff-sponsorship.ts';

/**
 * Replaces a sponsorship's items and its totals, priced by the server, while nothing is
 * paid or being paid: the sponsorship is locked, so a payment cannot start meanwhile. A save
 * of items edited from an older version (another tab's save came first) is refused.
 */
export async function updateSponsorshipItems(
  ctx: AppContext,
  staff: Staff,
  id: number,
  input: z.output<typeof UpdateSponsorshipItemsBody>,
  ip?: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findStaffSponsorship(tx, staff, id, true);
    const [pending] = await tx
      .select({ cents: sql<number>`coalesce(sum(${payment_allocations.amount_cents}), 0)::int` })
      .from(payment_allocations)
      .innerJoin(payments, eq(payments.id, payment_allocations.payment_id))
      .where(and(eq(payment_allocations.sponsorship_id, id), eq(payments.status, 'pending')));
    if (input.version && input.version !== current.updated_at.toISOString()) {
      throw conflict(MSG.adminSponsorshipChanged);
    }
    if (!itemsEditable(current, pending?.cents ?? 0)) throw conflict(MSG.adminSponsorshipPaidLocked);
    const before = await itemsOf(tx, id);
    const priced = priceItems(input.items);
    await tx.delete(sponsorship_items).where(eq(sponsorship_items.sponsorship_id, id));
    await tx.insert(sponsorship_items).values(priced.lines.map((l) => ({ ...l, sponsorship_id: id })));
    await tx
      .update(sponsorships)
      .set({ total_qty: priced.total_qty, total_cents: priced.total_cents, updated_at: sql`now()` })
      .where(eq(sponsorships.id, id));
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'edit-items',
      entity: 'sponsorship',
      entityId: id,
      before: { total_qty: current.total_qty, total_cents: current.total_cents, items: auditedItems(before) },
      after: { total_qty: priced.total_qty, total_cents: priced.total_cents, items: priced.lines },
      ip,
    });
  });
}
