import type { OrderStatus } from '@portal/contracts/orders';
import type { AppContext } from '../../context.ts';
import type { PriceRow } from '../../db/schema/orders.ts';
import { schoolContact } from '../documents/school-contact.ts';
import type { OutgoingMail } from '../mail/queue-mail.ts';
import {
  type OrderMailKind,
  type OrderSummary,
  orderMailForSchool,
  orderMailForStaff,
  type PriceChange,
} from './order-mail-templates.ts';

/**
 * What a completed form did: placed the order, reserved it, or changed a reservation the
 * school had already made (the one rule the e-mails and the confirmation page share).
 */
export function completionKind(before: OrderStatus, after: OrderStatus): OrderMailKind {
  // An order placed for a card payment not yet made is still the school's to change (D12).
  if (before === after || before === 'Order Placed') return 'updated';
  return after === 'Order Placed' ? 'placed' : 'reserved';
}

const samePrice = (a: PriceRow, b: PriceRow) =>
  a.qty === b.qty && a.unit_price === b.unit_price && a.amount === b.amount;

/** The priced lines that are new, gone or differ, in the order the new rows have them, the gone ones last. */
export function priceChanges(before: PriceRow[], after: PriceRow[]): PriceChange[] {
  const lines = (rows: PriceRow[]) => new Map(rows.filter((r) => r.name !== 'Subtotal').map((r) => [r.name, r]));
  const was = lines(before);
  const now = lines(after);
  const changes: PriceChange[] = [];
  for (const [name, row] of now) {
    const old = was.get(name);
    if (!old) changes.push({ name, after: row });
    else if (!samePrice(old, row)) changes.push({ name, before: old, after: row });
  }
  for (const [name, row] of was) if (!now.has(name)) changes.push({ name, before: row });
  return changes;
}

export interface CompletedOrder {
  orderId: number;
  orderKey: string;
  schoolUserId: number;
  status: OrderStatus;
  rows: PriceRow[];
  taxCents: number;
  tax: OrderSummary['tax'];
  total: number;
  /** The last day the school may change it itself; '' when it has no cut-off. */
  changeUntil: string;
  /** The order as it was before this save. */
  before: { status: OrderStatus; rows: PriceRow[]; total: number };
}

/**
 * What tells the school that its order was reserved, placed or changed, with its prices, and
 * the staff's copy naming the school (D14); made before the form is written, and queued in
 * the transaction that writes it. A change that changes nothing is not news: no e-mail.
 */
export async function orderMails(ctx: AppContext, order: CompletedOrder): Promise<OutgoingMail[]> {
  const kind = completionKind(order.before.status, order.status);
  const changes =
    kind === 'updated'
      ? { rows: priceChanges(order.before.rows, order.rows), totalBefore: order.before.total }
      : undefined;
  if (changes && changes.rows.length === 0 && changes.totalBefore === order.total) return [];

  const school = await schoolContact(ctx.db, order.schoolUserId);
  if (!school.email) return [];
  const details = {
    kind,
    orderId: order.orderId,
    link: `${ctx.config.publicUrl}/school/order/${order.orderKey}`,
    changeUntil: order.changeUntil,
    summary: { rows: order.rows, taxCents: order.taxCents, tax: order.tax, totalCents: order.total },
    ...(changes ? { changes } : {}),
  };
  const settings = await ctx.cache.settings.get();
  return [
    { to: school.email, template: `order-${kind}`, ...orderMailForSchool(details) },
    {
      to: settings.support_email,
      template: 'order-staff-copy',
      ...orderMailForStaff(details, school.name || school.email),
    },
  ];
}
