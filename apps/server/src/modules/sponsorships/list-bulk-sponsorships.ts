import { formatMoney } from '@portal/contracts/money';
import { PAYABLE_SPONSORSHIP_STATUSES, type TSponsorshipBulkResponse } from '@portal/contracts/sponsorships';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sponsorships } from '../../db/schema/index.ts';

/**
 * The sponsor's sponsorships with something left to pay, as the bulk payment offers them
 * (sponsorshipbulk): each ticked unless left out, and what the ticked ones come to.
 */
export async function listBulkSponsorships(
  db: Executor,
  sponsorId: number,
  exclude: number[],
): Promise<TSponsorshipBulkResponse> {
  const rows = await db
    .select({
      id: sponsorships.id,
      total_qty: sponsorships.total_qty,
      left: sql<number>`(${sponsorships.total_cents} - ${sponsorships.paid_cents})::int`,
    })
    .from(sponsorships)
    .where(
      and(
        eq(sponsorships.sponsor_user_id, sponsorId),
        inArray(sponsorships.status, [...PAYABLE_SPONSORSHIP_STATUSES]),
        gt(sponsorships.total_cents, sponsorships.paid_cents),
      ),
    )
    .orderBy(asc(sponsorships.id));
  const left = new Set(exclude);
  const list = rows.map((r) => ({
    sponsorship_id: r.id,
    checked: left.has(r.id) ? (0 as const) : (1 as const),
    sponsorship_grp_id: r.id,
    total_qty: r.total_qty,
    total_amount: r.left,
    total_amount_html: formatMoney(r.left),
  }));
  const total = list.reduce((sum, s) => sum + (s.checked ? s.total_amount : 0), 0);
  return {
    status: 'success',
    message: 'ok',
    sponsorships: list,
    total_bulk_amount: total,
    total_bulk_amount_html: formatMoney(total),
  };
}
