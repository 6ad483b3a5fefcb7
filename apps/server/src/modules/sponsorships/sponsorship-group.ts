import { formatMoney } from '@portal/contracts/money';
import type { TSponsorshipGroup } from '@portal/contracts/sponsorships';
import type { SponsorshipRow } from './find-sponsor-sponsorship.ts';

/** A sponsorship as the list and the details show it (spec §3). */
export function sponsorshipGroup(row: SponsorshipRow): TSponsorshipGroup {
  const left = Math.max(0, row.total_cents - row.paid_cents);
  return {
    sponsorship_grp_id: row.id,
    year: row.year,
    total_qty: row.total_qty,
    total_amount: row.total_cents,
    total_amount_html: formatMoney(row.total_cents),
    status: row.status,
    status_html: row.status,
    last_updated: row.updated_at.toISOString(),
    left_amount: left,
    left_amount_html: formatMoney(left),
    // Sponsorship summaries are made by staff outside this product: none to download yet.
    invoice_link: '',
  };
}
