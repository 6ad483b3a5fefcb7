import { pipeline, Readable } from 'node:stream';
import { AGEING_BUCKET_LABELS, MONEY_OWED_KIND_LABELS, type TMoneyOwedRow } from '@portal/contracts/admin-money-owed';
import { centsToDecimal } from '@portal/contracts/money';
import { stringify } from 'csv-stringify';
import QueryStream from 'pg-query-stream';
import type { Database } from '../../../db/client.ts';
import { neutraliseFormula } from '../../sponsorships/export-sponsorships-csv.ts';
import { type MoneyOwedFilter, moneyOwedLinesStatement, toLine } from './list-money-owed.ts';

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
 * name, an address) kept from being read as a formula (neutraliseFormula). Streamed from a
 * cursor a few hundred lines at a time, so that a region's year of lines is never held in
 * memory; the connection goes back to the pool when the file ends or the client goes away.
 */
export async function moneyOwedCsv(db: Database, filter: MoneyOwedFilter): Promise<Readable> {
  const { sql: text, params } = moneyOwedLinesStatement(filter);
  const client = await db.$client.connect();
  const cursor = client.query(new QueryStream(text, params, { batchSize: 500 }));
  async function* lines() {
    yield HEAD;
    for await (const row of cursor) yield record(toLine(row));
  }
  const csv = stringify({ bom: true, quoted: true, record_delimiter: '\r\n' });
  return pipeline(Readable.from(lines()), csv, (error) => {
    // A cursor left half-read (the download stopped) is not fit to be lent again.
    client.release(error ?? undefined);
  });
}

export const moneyOwedCsvName = (today: string) => `money-owed-${today}.csv`;
