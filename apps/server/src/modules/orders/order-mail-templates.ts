import { formatMoney } from '@portal/contracts/money';
import type { PriceRow } from '../../db/schema/orders.ts';
import { type MailTable, renderMail } from '../mail/layout.ts';

/**
 * The e-mails about a school's order (D14), every word of them: what the school reads,
 * and the copy its staff get.
 */

/** An order's prices as the mails show them. */
export interface OrderSummary {
  rows: PriceRow[];
  taxCents: number;
  /** Whether staff have added the tax; an exempt school pays none. */
  tax: 'added' | 'exempt' | 'to be added';
  totalCents: number;
}

/** A priced line that is new, gone, or differs in quantity or price. */
export interface PriceChange {
  name: string;
  before?: PriceRow;
  after?: PriceRow;
}

export type OrderMailKind = 'reserved' | 'placed' | 'updated';

export interface OrderMailDetails {
  kind: OrderMailKind;
  orderId: number;
  /** The order's page, where the school manages it. */
  link: string;
  summary: OrderSummary;
  /** The last day the school may change the reservation itself, e.g. "April 30, 2027"; '' when it has no cut-off. */
  changeUntil: string;
  /** For an update: what differs from the order as it was, and its total then. */
  changes?: { rows: PriceChange[]; totalBefore: number };
}

const SIGNATURE_FOR_STAFF = 'School Planner Savings website';
const TBA = 'TBA';

const SUBJECTS: Record<OrderMailKind, (orderId: number) => string> = {
  reserved: (id) => `Reservation #${id} received`,
  placed: (id) => `Order #${id} placed`,
  updated: (id) => `Reservation #${id} updated`,
};

const STAFF_SUBJECTS: Record<OrderMailKind, (orderId: number, school: string) => string> = {
  reserved: (id, school) => `Reservation #${id} from ${school}`,
  placed: (id, school) => `Order #${id} placed by ${school}`,
  updated: (id, school) => `Reservation #${id} updated by ${school}`,
};

const changeUntil = (until: string) => (until ? ` You can change it until ${until}.` : '');

const INTRO: Record<OrderMailKind, (orderId: number, until: string) => string> = {
  reserved: (id, until) => `Thank you: we have your reservation #${id}.${changeUntil(until)}`,
  placed: (id) => `Thank you: your order #${id} has been placed.`,
  updated: (id, until) => `We have saved the changes to your reservation #${id}.${changeUntil(until)}`,
};

const STAFF_INTRO: Record<OrderMailKind, (orderId: number, school: string) => string> = {
  reserved: (id, school) => `${school} reserved order #${id}.`,
  placed: (id, school) => `${school} placed order #${id}.`,
  updated: (id, school) => `${school} changed reservation #${id}.`,
};

const TAX_LATER = 'Tax, where it applies, is added by our team before the invoice.';
const CHANGES_HEADING = 'What changed:';
const NOW_HEADING = 'Your reservation now:';
const STAFF_NOW_HEADING = 'The reservation now:';
const totalChange = (before: number, after: number) =>
  `New total: ${formatMoney(after)} (it was ${formatMoney(before)}).`;

const TAX_CELL: Record<OrderSummary['tax'], (cents: number) => string> = {
  added: (cents) => formatMoney(cents),
  exempt: () => 'Exempt',
  'to be added': () => 'To be added',
};

const moneyOrTba = (cents: number | null) => (cents === null ? TBA : formatMoney(cents));

/** The items and prices, with the subtotal, the tax and the total under them. */
function priceTable(summary: OrderSummary): MailTable {
  const subtotal = summary.rows.find((r) => r.name === 'Subtotal')?.amount ?? summary.totalCents - summary.taxCents;
  return {
    head: ['Item', 'Qty', 'Unit price', 'Amount'],
    rows: summary.rows
      .filter((r) => r.name !== 'Subtotal')
      .map((r) => [r.name, r.qty.toLocaleString('en-US'), moneyOrTba(r.unit_price), moneyOrTba(r.amount)]),
    totals: [
      ['Subtotal', formatMoney(subtotal)],
      ['Tax', TAX_CELL[summary.tax](summary.taxCents)],
      ['Total', formatMoney(summary.totalCents)],
    ],
  };
}

/** One side of a change: "150 × $4.50 = $675.00", or that the line was not there. */
function priced(row: PriceRow | undefined): string {
  if (!row) return 'None';
  const qty = row.qty.toLocaleString('en-US');
  if (row.amount === null) return `${qty}, price to be announced`;
  return `${qty} × ${moneyOrTba(row.unit_price)} = ${formatMoney(row.amount)}`;
}

function changesTable(changes: PriceChange[]): MailTable {
  return {
    head: ['Item', 'Before', 'Now'],
    rows: changes.map((c) => [c.name, priced(c.before), priced(c.after)]),
    phrases: true,
  };
}

/** What changed, then the order as it now is; or, for a new order, its summary. */
function body(details: OrderMailDetails, nowHeading: string) {
  const { changes, summary } = details;
  if (!changes) return [{ table: priceTable(summary) }];
  return [
    ...(changes.rows.length ? [CHANGES_HEADING, { table: changesTable(changes.rows) }] : []),
    ...(changes.totalBefore !== summary.totalCents ? [totalChange(changes.totalBefore, summary.totalCents)] : []),
    nowHeading,
    { table: priceTable(summary) },
  ];
}

/** The school's e-mail: its order reserved, placed or changed, with the prices. */
export function orderMailForSchool(details: OrderMailDetails) {
  return renderMail({
    subject: SUBJECTS[details.kind](details.orderId),
    paragraphs: [
      INTRO[details.kind](details.orderId, details.changeUntil),
      ...body(details, NOW_HEADING),
      ...(details.summary.tax === 'to be added' ? [TAX_LATER] : []),
    ],
    action: { label: 'Manage your order', url: details.link },
  });
}

/** The staff's copy, naming the school. */
export function orderMailForStaff(details: OrderMailDetails, school: string) {
  const subject = STAFF_SUBJECTS[details.kind](details.orderId, school);
  return renderMail({
    subject,
    paragraphs: [STAFF_INTRO[details.kind](details.orderId, school), ...body(details, STAFF_NOW_HEADING)],
    action: { label: 'Open the order', url: details.link },
    signature: SIGNATURE_FOR_STAFF,
  });
}
