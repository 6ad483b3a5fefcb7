import { formatMoney } from '@portal/contracts/money';
import { leftToPay } from '@portal/contracts/sponsorship-rules';
import { asc, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sponsorships } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { escapeHtml } from '../mail/layout.ts';
import { ofSponsor } from './list-sponsorships.ts';

/**
 * The sponsor's sponsorships as a plain page to print (the list's Print link): no script,
 * inline styles only, every value escaped.
 */
export async function printSponsorships(db: Database, sponsorId: number, year: number | undefined): Promise<string> {
  const rows = await db
    .select()
    .from(sponsorships)
    .where(ofSponsor(sponsorId, year))
    .orderBy(desc(sponsorships.year), asc(sponsorships.id));
  const title = `Sponsorships${year === undefined ? '' : ` ${year}-${year + 1}`}`;
  const cell = 'padding:4px 8px;border-bottom:1px solid #ccc;text-align:left';
  const body = rows
    .map((r) =>
      [
        `#${r.id}`,
        `${r.year}-${r.year + 1}`,
        String(r.total_qty),
        formatMoney(r.total_cents),
        formatMoney(leftToPay(r)),
        r.status,
        isoDay(r.updated_at),
      ]
        .map((v) => `<td style="${cell}">${escapeHtml(v)}</td>`)
        .join(''),
    )
    .map((tds) => `<tr>${tds}</tr>`)
    .join('\n');
  const head = ['ID', 'School year', 'Total Quantity', 'Total Amount', 'Left to pay', 'Status', 'Last Update']
    .map((h) => `<th style="${cell}">${h}</th>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,sans-serif">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<table style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>
${body || `<tr><td style="${cell}" colspan="7">No sponsorships.</td></tr>`}
</tbody></table>
</body></html>
`;
}
