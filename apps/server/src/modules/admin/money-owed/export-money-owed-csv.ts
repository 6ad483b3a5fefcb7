import { pipeline, Readable } from 'node:stream';
import { AGEING_BUCKET_LABELS, MONEY_OWED_KIND_LABELS, type TMoneyOwedRow } from '@portal/contracts/admin-money-owed';
import { centsToDecimal } from '@portal/contracts/money';
import { stringify } from 'csv-stringify';
import type { Database } from '../../../db/client.ts';
import { neutraliseFormula } from '../../sponsorships/export-sponsorships-csv.ts';
import { type MoneyOwedFilter, moneyOwedLines } from './list-money-owed.ts';

const HEAD = [
  'Kind',
  'Number',
  'Invoice',
  'Name',
  'E-mail',
  'Sales rep',
  'Due date',
  'Days past due',
  'Age',
  'Total',
  'Paid',
  'Balance',
];

const record = (r: TMoneyOwedRow) => [
  MONEY_OWED_KIND_LABELS[r.kind],
  r.record_id,
  r.invoice,
  neutraliseFormula(r.name),
  neutraliseFormula(r.email),
  neutraliseFormula(r.rep_name),
  r.due_date,
  Math.max(0, r.days_overdue),
  AGEING_BUCKET_LABELS[r.bucket],
  centsToDecimal(r.total),
  centsToDecimal(r.paid),
  centsToDecimal(r.balance),
];

/**
 * The money-owed report as CSV, by the sponsors' CSV rules: UTF-8 with a byte-order mark,
 * CRLF lines, every field quoted, money as plain numbers, and any text a person typed (a
 * name, an address) kept from being read as a formula (neutraliseFormula). Streamed line by
 * line (moneyOwedLines); the connection goes back to the pool when the file ends or the
 * client goes away.
 */
export function moneyOwedCsv(db: Database, filter: MoneyOwedFilter): Readable {
  async function* lines() {
    yield HEAD;
    for await (const line of moneyOwedLines(db, filter)) yield record(line);
  }
  const csv = stringify({ bom: true, quoted: true, record_delimiter: '\r\n' });
  // A download stopped half-way ends the lines, which gives their connection back.
  return pipeline(Readable.from(lines()), csv, () => {});
}

export const moneyOwedCsvName = (today: string) => `money-owed-${today}.csv`;
