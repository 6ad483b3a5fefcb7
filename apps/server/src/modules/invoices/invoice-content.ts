import type {
  InvoicedBasis,
  PriceRow,
  Provider,
  ReceivedPayment,
  SchoolContact,
  StoredInvoice,
} from '@portal/contracts/documents';
import type { IssueKind } from '@portal/contracts/invoices';
import { orderItems } from '@portal/contracts/order-items';
import { balanceDue, invoiceableCents } from '@portal/contracts/order-rules';
import { paymentOptionName } from '@portal/contracts/orders';
import { dueDateOf } from '@portal/contracts/payment-terms';
import { PAYMENT_STATUS_LABELS } from '@portal/contracts/school-orders';
import type { orders } from '../../db/schema/orders.ts';
import { DOCUMENT_TEXT } from '../documents/order-document-text.ts';

type OrderRow = typeof orders.$inferSelect;

export type { InvoicedBasis, StoredInvoice };

/** The school's purchase order number for a document, when it gave one. */
export function purchaseOrderOf(order: Pick<OrderRow, 'purchase_order'>): { purchaseOrder?: string } {
  const po = order.purchase_order.trim();
  return po ? { purchaseOrder: po } : {};
}

/** What an order owes as it stands, line by line: nothing once cancelled (invoiceableCents). */
export function basisOf(order: OrderRow): InvoicedBasis {
  if (order.status === 'Cancelled') return { rows: [], taxCents: 0, totalCents: invoiceableCents(order) };
  return {
    rows: order.custom_price.filter((r) => r.name !== 'Subtotal'),
    taxCents: order.tax_cents,
    totalCents: invoiceableCents(order),
  };
}

/** The lines that changed between what was invoiced and what is owed now; the amounts are the change. */
export function changedRows(before: PriceRow[], after: PriceRow[]): PriceRow[] {
  const names = [...new Set([...after.map((r) => r.name), ...before.map((r) => r.name)])];
  const rows: PriceRow[] = [];
  for (const name of names) {
    const was = before.find((r) => r.name === name);
    const is = after.find((r) => r.name === name);
    const qty = (is?.qty ?? 0) - (was?.qty ?? 0);
    const amount = (is?.amount ?? 0) - (was?.amount ?? 0);
    if (qty === 0 && amount === 0) continue;
    rows.push({ name, qty, unit_price: is?.unit_price ?? was?.unit_price ?? null, amount });
  }
  return rows;
}

export interface InvoiceFacts {
  order: OrderRow;
  kind: IssueKind;
  issued: string;
  provider: Provider;
  school: SchoolContact;
  /** The payments received (the first invoice lists them). */
  received: ReceivedPayment[];
  /** The order's first invoice's label, and what the documents so far left invoiced (none before the first). */
  previous?: { first: string; basis: InvoicedBasis } | undefined;
}

/**
 * What a document will say (number aside): the first invoice is the order as it stands;
 * an invoice of the difference or a credit note is the change since what was invoiced.
 * `amountCents` is what it asks for or credits, `totalCents` what it adds to the amount
 * invoiced (negative for a credit note).
 */
export function buildInvoice(facts: InvoiceFacts): {
  content: StoredInvoice;
  totalCents: number;
  amountCents: number;
  dueDate: string | null;
} {
  const { order, kind, issued } = facts;
  const basis = basisOf(order);
  const until = dueDateOf(issued);
  const common = {
    orderId: order.id,
    ...purchaseOrderOf(order),
    issued,
    until,
    provider: facts.provider,
    school: facts.school,
    items: orderItems(order.custom_fields),
    taxExempt: Number(order.custom_fields.tax) === 1,
    basis,
  };
  if (kind === 'invoice' || !facts.previous) {
    const balanceCents = balanceDue(order);
    const partlyPaid = balanceCents > 0 && balanceCents < order.total_cents;
    const content: StoredInvoice = {
      ...common,
      kind: 'invoice',
      rows: order.custom_price,
      taxCents: order.tax_cents,
      hasTax: order.has_tax,
      totalCents: order.total_cents,
      payment: {
        method: paymentOptionName(order.payment_method),
        status: partlyPaid ? DOCUMENT_TEXT.partlyPaid : PAYMENT_STATUS_LABELS[order.payment_status],
      },
      payments: facts.received,
      balanceCents,
    };
    return { content, totalCents: order.total_cents, amountCents: order.total_cents, dueDate: until };
  }
  const { first, basis: was } = facts.previous;
  const totalCents = basis.totalCents - was.totalCents;
  const credit = kind === 'credit-note';
  const content: StoredInvoice = {
    ...common,
    kind: credit ? 'credit-note' : 'invoice',
    adjusts: first,
    rows: changedRows(was.rows, basis.rows),
    taxCents: basis.taxCents - was.taxCents,
    hasTax: true,
    totalCents,
    payment: {
      method: paymentOptionName(order.payment_method),
      status: PAYMENT_STATUS_LABELS[order.payment_status],
    },
    payments: [],
    balanceCents: credit ? 0 : totalCents,
  };
  return { content, totalCents, amountCents: Math.abs(totalCents), dueDate: credit ? null : until };
}
