import {
  AGEING_BUCKET_LABELS,
  MONEY_OWED_KIND_LABELS,
  type TAdminMoneyOwedResponse,
} from '@portal/contracts/admin-money-owed';
import { centsToDecimal } from '@portal/contracts/money';
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '../../sponsorships/export-sponsorships-csv.ts';

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

/**
 * The money-owed report as CSV, by the sponsors' CSV rules: UTF-8 with a byte-order mark,
 * CRLF lines, every field quoted, money as plain numbers, and any text a person typed (a
 * name, an address) kept from being read as a formula (neutraliseFormula).
 */
export function moneyOwedCsv(report: Pick<TAdminMoneyOwedResponse, 'rows'>): string {
  const rows = report.rows.map((r) => [
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
  ]);
  return stringify([HEAD, ...rows], { bom: true, quoted: true, record_delimiter: '\r\n' });
}

export const moneyOwedCsvName = (today: string) => `money-owed-${today}.csv`;
