import { centsToDecimal } from '@portal/contracts/money';
import { leftToPay } from '@portal/contracts/sponsorship-rules';
import { stringify } from 'csv-stringify/sync';
import { asc, desc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sponsorship_items, sponsorships } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { ofSponsor } from './list-sponsorships.ts';

const HEAD = [
  'Sponsorship ID',
  'School year',
  'Status',
  'Last update',
  'Sponsorship total',
  'Paid',
  'Left to pay',
  'Sponsorship type',
  'County',
  'Book',
  'School',
  'Ad size',
  'Quantity',
  'Rate',
  'Artwork',
  'Comments',
  'Subtotal',
  'Artwork price',
  'Item total',
];

/**
 * A spreadsheet cannot run what a sponsor or staff typed (a school name "=HYPERLINK(…)"):
 * a text cell that begins as a formula would is read as text.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const money = (cents: number) => centsToDecimal(cents);
const schoolYear = (year: number) => `${year}-${year + 1}`;

/**
 * The sponsor's sponsorships of one year or all as CSV, one row per item (a sponsorship
 * without items has one row of its own): UTF-8 with a byte-order mark so that Excel reads
 * it as such, CRLF lines, every field quoted, money as plain numbers.
 */
export async function exportSponsorshipsCsv(db: Database, sponsorId: number, year: number | undefined) {
  const groups = await db
    .select()
    .from(sponsorships)
    .where(ofSponsor(sponsorId, year))
    .orderBy(desc(sponsorships.year), asc(sponsorships.id));
  const items =
    groups.length === 0
      ? []
      : await db
          .select()
          .from(sponsorship_items)
          .where(
            inArray(
              sponsorship_items.sponsorship_id,
              groups.map((g) => g.id),
            ),
          )
          .orderBy(asc(sponsorship_items.id));
  const rows: (string | number)[][] = [];
  for (const g of groups) {
    const group = [
      g.id,
      schoolYear(g.year),
      g.status,
      isoDay(g.updated_at),
      money(g.total_cents),
      money(g.paid_cents),
      money(leftToPay(g)),
    ];
    const own = items.filter((i) => i.sponsorship_id === g.id);
    if (own.length === 0) rows.push([...group, '', '', '', '', '', '', '', '', '', '', '', '']);
    for (const i of own) {
      rows.push([
        ...group,
        neutraliseFormula(i.sponsorship_type),
        neutraliseFormula(i.county),
        neutraliseFormula(i.book_name),
        neutraliseFormula(i.school_name),
        neutraliseFormula(i.adv_size),
        i.qty,
        money(i.rate_cents),
        neutraliseFormula(i.artwork),
        neutraliseFormula(i.comments),
        money(i.subtotal_cents),
        money(i.artwork_price_cents),
        money(i.total_cents),
      ]);
    }
  }
  return stringify([HEAD, ...rows], { bom: true, quoted: true, record_delimiter: '\r\n' });
}

/** The file's name: the year's, or all of them. */
export const csvFileName = (year: number | undefined) =>
  `sponsorships-${year === undefined ? 'all' : schoolYear(year)}.csv`;
