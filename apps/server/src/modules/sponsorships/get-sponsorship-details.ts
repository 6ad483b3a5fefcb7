import { formatMoney } from '@portal/contracts/money';
import type { TSponsorshipDetailsResponse } from '@portal/contracts/sponsorships';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sponsorship_items, sponsorship_transactions } from '../../db/schema/index.ts';
import { findSponsorSponsorship } from './find-sponsor-sponsorship.ts';
import { sponsorshipGroup } from './sponsorship-group.ts';

/** One of the sponsor's sponsorships with its items and payment attempts, newest first (sponsorshipdetails). */
export async function getSponsorshipDetails(
  db: Database,
  sponsorId: number,
  sponsorshipId: number,
): Promise<TSponsorshipDetailsResponse> {
  const row = await findSponsorSponsorship(db, sponsorId, sponsorshipId);
  const items = await db
    .select()
    .from(sponsorship_items)
    .where(eq(sponsorship_items.sponsorship_id, row.id))
    .orderBy(asc(sponsorship_items.id));
  const txns = await db
    .select()
    .from(sponsorship_transactions)
    .where(eq(sponsorship_transactions.sponsorship_id, row.id))
    .orderBy(desc(sponsorship_transactions.payment_date), desc(sponsorship_transactions.id));
  const { sponsorship_grp_id, ...group } = sponsorshipGroup(row);
  return {
    status: 'success',
    message: 'ok',
    sponsorship: { ...group, sponsorship_gr_id: sponsorship_grp_id },
    sponsorship_items: items.map((i) => ({
      sponsorship_type: i.sponsorship_type,
      county: i.county,
      book_name: i.book_name,
      school_name: i.school_name,
      adv_size: i.adv_size,
      qty: i.qty,
      rate: i.rate_cents,
      rate_html: formatMoney(i.rate_cents),
      artwork: i.artwork,
      comments: i.comments,
      subtotal: i.subtotal_cents,
      subtotal_html: formatMoney(i.subtotal_cents),
      artwork_price: i.artwork_price_cents,
      artwork_price_html: formatMoney(i.artwork_price_cents),
      total_amount: i.total_cents,
      total_amount_html: formatMoney(i.total_cents),
    })),
    sponsorship_txns: txns.map((x) => ({
      payment_date: x.payment_date.toISOString(),
      payment_status: x.payment_status === 1 ? 1 : 0,
      // A refund is written as a row of its own with the amount given back, negative.
      kind: x.amount_cents < 0 ? ('refund' as const) : ('payment' as const),
      transaction_id: x.transaction_id,
      amount: x.amount_cents,
      amount_html: formatMoney(x.amount_cents),
    })),
  };
}
