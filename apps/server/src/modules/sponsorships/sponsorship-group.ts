import { formatMoney } from '@portal/contracts/money';
import { leftToPay } from '@portal/contracts/sponsorship-rules';
import { sponsorshipSummaryLink, type TSponsorshipGroup } from '@portal/contracts/sponsorships';
import type { SponsorshipRow } from './find-sponsor-sponsorship.ts';

/** A sponsorship as the list and the details show it (spec §3). */
export function sponsorshipGroup(row: SponsorshipRow): TSponsorshipGroup {
  const left = leftToPay(row);
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
    // Every sponsorship can be summarised, made on request from it as it is (decision 012);
    // the web app opens it through a short link (sponsorshipdocumentlink), API clients here.
    invoice_link: sponsorshipSummaryLink(row.id),
  };
}
