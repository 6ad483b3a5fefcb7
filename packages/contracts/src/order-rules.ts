import { BUSINESS_TIME_ZONE } from './business-time.ts';
import { MSG, orderLockedCutoff } from './messages.ts';
import { ORDER_STATUSES, type OrderStatus } from './orders.ts';
import { CANCEL_OPTIONS, type PaymentStatus } from './school-orders.ts';
import { cutoffOf } from './school-years.ts';

/**
 * What a school may do with an order, decided once for the server, its documents and the
 * screens (D12, D13). Each rule reads only the order's own state and, where time matters,
 * the day it is asked on.
 */

/** What the rules read of an order. */
export interface OrderState {
  status: OrderStatus;
  payment_status: PaymentStatus;
  /** The payment option chosen (spec §4): 1 invoice now, 2 card now, 0/3/4 nothing to pay now. */
  payment_method: number | null;
  school_year: string;
  total_cents: number;
  /** What confirmed payments have brought in (orders.received_cents, kept by the payments). */
  received_cents: number;
  /** What was given back of it (orders.refunded_cents, kept by the refunds). */
  refunded_cents: number;
  /** When the order was started: the cut-off applies to reservations started before it. */
  created_at: Date;
}

/**
 * The sales tax staff set on an order (D10): a rate in basis points (750 = 7.50%) applied to
 * whatever the subtotal is, or, with no rate, an amount that holds for the subtotal it was
 * set on (`tax_basis_cents`). Nothing until staff set it.
 */
export interface OrderTax {
  has_tax: boolean;
  tax_cents: number;
  tax_rate_bp: number | null;
  tax_basis_cents: number | null;
}

/** No tax set yet. */
export const NO_TAX: OrderTax = { has_tax: false, tax_cents: 0, tax_rate_bp: null, tax_basis_cents: null };

/** The highest rate staff may set, in basis points (25%). */
export const TAX_RATE_MAX_BP = 2500;

/** The tax a rate gives on a subtotal, in cents, half a cent rounded up. */
export function taxAtRate(subtotalCents: number, rateBp: number): number {
  return Math.round((subtotalCents * rateBp) / 10_000);
}

/**
 * The order's tax for the subtotal it now has: a rate follows the subtotal; an amount is
 * kept only against the subtotal it was set on, and a changed subtotal puts it back to be
 * added by staff, never silently kept against a different order.
 */
export function taxFor(tax: OrderTax, subtotalCents: number): OrderTax {
  if (!tax.has_tax) return NO_TAX;
  if (tax.tax_rate_bp !== null) {
    return { ...tax, tax_cents: taxAtRate(subtotalCents, tax.tax_rate_bp), tax_basis_cents: subtotalCents };
  }
  if (tax.tax_basis_cents === subtotalCents) return tax;
  return NO_TAX;
}

/** Placed, or further on its way to the school (D15): staff move a placed order on until it is delivered. */
const PLACED: readonly OrderStatus[] = ['Order Placed', 'In production', 'Shipped', 'Ready for pickup', 'Delivered'];

/**
 * Finalized for payment at checkout: invoiced now or paid by card now. It stays so while
 * staff move it on, so that an invoiced order in production may still be paid.
 */
const finalizedForPayment = (order: Pick<OrderState, 'status' | 'payment_method'>) =>
  PLACED.includes(order.status) && (order.payment_method === 1 || order.payment_method === 2);

/** What the payment rules read of an order: its state, the invoice staff issued, and what it has received. */
export type PayableState = Pick<
  OrderState,
  'status' | 'payment_method' | 'payment_status' | 'total_cents' | 'received_cents' | 'refunded_cents'
> & {
  /** Given on the order's first invoice; an invoiced order is owed whatever way it was to be paid. */
  invoice_number?: number | null;
};

/** An order's account: what it costs, with its tax, what confirmed payments brought in, and what was refunded of it. */
export type OrderAccount = Pick<OrderState, 'total_cents' | 'received_cents' | 'refunded_cents'>;

/** What the order holds of the school's money: what it received less what was refunded. */
export function heldCents(order: Pick<OrderAccount, 'received_cents' | 'refunded_cents'>): number {
  return order.received_cents - order.refunded_cents;
}

/**
 * The order's balance: its total less what it received, plus what was refunded (total −
 * received + refunded). Above 0 it is still owed; below 0 the school paid more than the
 * order now costs (a total lowered after a payment, a checkout paid twice), and the
 * difference is the school's credit, until it is refunded.
 */
export function accountBalance(order: OrderAccount): number {
  return order.total_cents - heldCents(order);
}

/** What is left to pay on the order: its balance, never below 0 (nothing once it is refunded). */
export function balanceDue(order: OrderAccount & Pick<OrderState, 'payment_status'>): number {
  if (order.payment_status === 'refunded') return 0;
  return Math.max(0, accountBalance(order));
}

/** What the school paid beyond the order's total: its credit (0 when it owes or is even). */
export function creditCents(order: OrderAccount): number {
  return Math.max(0, -accountBalance(order));
}

/**
 * The payment status the account gives the order: paid once it holds money (received less
 * refunded) that covers its total with tax, unpaid otherwise; a refunded order stays refunded.
 * Every change of an order's total or of what it received writes this (the table's CHECK
 * refuses anything else).
 */
export function paymentStatusOf(order: OrderAccount & Pick<OrderState, 'payment_status'>): PaymentStatus {
  if (order.payment_status === 'refunded') return 'refunded';
  const held = heldCents(order);
  return held > 0 && held >= order.total_cents ? 'paid' : 'unpaid';
}

/** Invoiced by staff once placed: the invoice is owed, however the school meant to pay. */
const invoicedOncePlaced = (order: Pick<PayableState, 'status' | 'invoice_number'>) =>
  PLACED.includes(order.status) && order.invoice_number != null;

/**
 * The order has an amount to pay and has not been paid: finalized for payment at checkout,
 * or invoiced once placed, with a balance due. It shows a pay link, finalizing it leads to
 * checkout rather than to the confirmation, and staff may e-mail a pay link for its balance.
 */
export function isPayable(order: PayableState) {
  return (finalizedForPayment(order) || invoicedOncePlaced(order)) && balanceDue(order) > 0;
}

/**
 * Finalized to pay by card and not paid yet: not committed until a payment succeeds (D12),
 * and its confirmation reads Order Not Confirmed until then.
 */
export function awaitsCardPayment(order: PayableState) {
  return isPayable(order) && order.payment_method === 2;
}

/** Why the school can no longer change an order itself; each reason is the one real one. */
export type LockReason = 'cancelled' | 'paid' | 'part-paid' | 'refunded' | 'placed' | 'cutoff';

/**
 * Why the school may not edit or cancel the order itself, or undefined while it may (D12):
 * Pending or Reserved and unpaid, or finalized for a card payment that has not succeeded,
 * and before its cut-off (cutoffOf: none for an order of the year in progress).
 */
export function lockReason(order: OrderState, today: Date, cutoffDay?: string): LockReason | undefined {
  if (order.status === 'Cancelled') return 'cancelled';
  if (order.payment_status === 'paid') return 'paid';
  if (order.payment_status === 'refunded') return 'refunded';
  // Money received locks what it paid for: the school may no longer shrink or cancel it.
  if (heldCents(order) > 0) return 'part-paid';
  const open = order.status === 'Pending' || order.status === 'Reserved' || awaitsCardPayment(order);
  if (!open) return 'placed';
  const cutoff = cutoffOf(order.school_year, order.created_at, cutoffDay);
  if (cutoff && today >= cutoff) return 'cutoff';
  return undefined;
}

const longDay = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: BUSINESS_TIME_ZONE,
});

/** The last day a reservation for the school year could be changed: the day before its cut-off, e.g. "April 30, 2027". */
export function lastChangeDay(schoolYear: string, cutoffDay?: string): string {
  const cutoff = cutoffOf(schoolYear, new Date(0), cutoffDay);
  // Its last moment, in Tampa, where the cut-off begins at midnight.
  return cutoff ? longDay.format(new Date(cutoff.getTime() - 1)) : '';
}

/** What the school reads about why it can no longer change the order. */
export function lockMessage(reason: LockReason, schoolYear: string, cutoffDay?: string): string {
  switch (reason) {
    case 'cancelled':
      return MSG.orderLockedCancelled;
    case 'paid':
      return MSG.orderLockedPaid;
    case 'part-paid':
      return MSG.orderLockedPartlyPaid;
    case 'refunded':
      return MSG.orderLockedRefunded;
    case 'placed':
      return MSG.orderLockedPlaced;
    case 'cutoff':
      return orderLockedCutoff(schoolYear, lastChangeDay(schoolYear, cutoffDay));
  }
}

export function canEditOrder(order: OrderState, today: Date, cutoffDay?: string): boolean {
  return lockReason(order, today, cutoffDay) === undefined;
}

/**
 * A reservation past its cut-off may still be finalized and paid, as it was reserved
 * (D12: finalizing and paying are never blocked by the cut-off): only how it is paid
 * (FINALIZE_FIELDS) is taken from the form then.
 */
export function canFinalizeAsReserved(order: OrderState, today: Date, cutoffDay?: string): boolean {
  return order.status === 'Reserved' && lockReason(order, today, cutoffDay) === 'cutoff';
}

/** What finalizing a reservation past its cut-off may change: how it is paid, and the terms accepted. */
export const FINALIZE_FIELDS = ['payment_method', 'purchase_order', 'agreed'] as const;

/**
 * How the school may cancel the order (D12): itself while it may still edit it; otherwise
 * by asking the team; not at all once it is cancelled or delivered.
 */
export function cancelOption(
  order: OrderState,
  today: Date,
  cutoffDay?: string,
): (typeof CANCEL_OPTIONS)[keyof typeof CANCEL_OPTIONS] {
  const reason = lockReason(order, today, cutoffDay);
  // Delivered, it can no longer be cancelled by anyone (moveRefusal): nothing to ask.
  if (reason === 'cancelled' || order.status === 'Delivered') return CANCEL_OPTIONS.none;
  return reason === undefined ? CANCEL_OPTIONS.direct : CANCEL_OPTIONS.contact;
}

/**
 * The status a completed form leaves the order in (spec §4): Finalize places it; Complete
 * Reservation or Save Updates reserves it, but an order already placed for payment at
 * checkout and saved with such a payment option stays placed, so that it is still paid.
 */
export function statusAfterSave(
  current: OrderStatus,
  finalizing: boolean,
  paymentMethod: number | null,
): 'Reserved' | 'Order Placed' {
  if (finalizing) return 'Order Placed';
  return finalizedForPayment({ status: current, payment_method: paymentMethod }) ? 'Order Placed' : 'Reserved';
}

export type OrderDocumentKind = 'invoice' | 'quote';

/**
 * What follows an order's first invoice when its amount changes: an invoice for the
 * difference when it goes up, a credit note when it goes down (or the order is cancelled).
 */
export type InvoiceAdjustmentKind = 'difference' | 'credit-note';

/** Why a document cannot be made of the order now. */
export type DocumentRefusal = 'cancelled' | 'not-reserved' | 'not-invoiced' | 'no-increase' | 'no-decrease';

/** What the document rule reads: the order's state, and what its invoices so far add up to (null: none yet). */
export type DocumentOrderState = Pick<OrderState, 'status'> &
  Partial<Pick<OrderState, 'total_cents'>> & { invoiced_cents?: number | null };

/** What an order is owed as it stands: nothing once it is cancelled. */
export const invoiceableCents = (order: DocumentOrderState) =>
  order.status === 'Cancelled' ? 0 : (order.total_cents ?? 0);

/**
 * Whether a document can be made of the order, the one rule for the server, the PDFs and
 * the screens: a quote unless cancelled; the first invoice once reserved (then kept as it
 * was issued); once invoiced, an invoice for the difference when the order's amount is
 * above what its invoices and credit notes add up to, and a credit note when it is below
 * (a cancelled order is owed nothing, so all it was invoiced may be credited).
 */
export function documentRefusal(
  order: DocumentOrderState,
  kind: OrderDocumentKind | InvoiceAdjustmentKind,
): DocumentRefusal | undefined {
  if (kind === 'quote' || kind === 'invoice') {
    if (order.status === 'Cancelled') return 'cancelled';
    if (kind === 'invoice' && order.status === 'Pending') return 'not-reserved';
    return undefined;
  }
  if (order.invoiced_cents === null || order.invoiced_cents === undefined) return 'not-invoiced';
  const due = invoiceableCents(order);
  if (kind === 'difference') {
    if (order.status === 'Cancelled') return 'cancelled';
    return due > order.invoiced_cents ? undefined : 'no-increase';
  }
  return due < order.invoiced_cents ? undefined : 'no-decrease';
}

/**
 * Whether an issued document can be opened: a quote of any order not cancelled, drawn as
 * the order is; the invoice only once it has been issued (invoice_number), as it was then.
 * Reading never issues one: the server issues it at the business's moments (invoiceDueAt)
 * and staff when they choose.
 */
export function openRefusal(
  order: Pick<OrderState, 'status'> & { invoice_number: number | null },
  kind: OrderDocumentKind,
): 'cancelled' | 'not-invoiced' | undefined {
  if (order.status === 'Cancelled') return 'cancelled';
  if (kind === 'invoice' && order.invoice_number === null) return 'not-invoiced';
  return undefined;
}

/** When the server itself issues an order's first invoice (spec: invoicing is after delivery unless requested otherwise). */
export type InvoiceMoment = 'placed' | 'delivered';

/**
 * Whether the order's first invoice is issued now, at this moment of its life: placed at
 * checkout to be invoiced now (payment option 1), or delivered with something still owed,
 * whichever way it was to be paid (an order paid in full by card has its receipt and needs
 * no invoice). Never a second time, never for nothing.
 */
export function invoiceDueAt(
  order: OrderAccount &
    Pick<OrderState, 'payment_status' | 'payment_method' | 'status'> & {
      invoice_number: number | null;
    },
  moment: InvoiceMoment,
): boolean {
  if (order.invoice_number !== null || order.status === 'Cancelled' || order.status === 'Pending') return false;
  if (balanceDue(order) <= 0) return false;
  return moment === 'delivered' || order.payment_method === 1;
}

/** The adjustment the order's invoices need now, if any (documentRefusal). */
export function invoiceAdjustment(order: DocumentOrderState): InvoiceAdjustmentKind | undefined {
  if (documentRefusal(order, 'difference') === undefined) return 'difference';
  if (documentRefusal(order, 'credit-note') === undefined) return 'credit-note';
  return undefined;
}

/** What the staff rules read of an order: its state, and how it reaches the school (1 pickup, 2 delivery, 3 reorder). */
export type StaffOrderState = Pick<
  OrderState,
  'status' | 'payment_method' | 'payment_status' | 'total_cents' | 'received_cents' | 'refunded_cents'
> & {
  delivery_optn: number | null;
  /** A proof of its custom cover or pages waits for the school's answer (none when left out). */
  proof_waiting?: boolean;
};

/** The way a placed order goes forward, one step at a time, until it is delivered (D15). */
const FORWARD: Partial<Record<OrderStatus, OrderStatus[]>> = {
  Pending: ['Reserved', 'Order Placed'],
  Reserved: ['Order Placed'],
  'Order Placed': ['In production'],
  'In production': ['Shipped', 'Ready for pickup'],
  Shipped: ['Delivered'],
  'Ready for pickup': ['Delivered'],
};

/** Picked up by the school: Ready for pickup; otherwise it is shipped. */
const readyStep = (order: StaffOrderState): OrderStatus => (order.delivery_optn === 1 ? 'Ready for pickup' : 'Shipped');

/** Why staff may not move the order to `to`, or undefined when they may. */
export type MoveRefusal =
  | 'same'
  | 'finished'
  | 'not-next'
  | 'awaits-card'
  | 'wrong-delivery'
  | 'paid'
  | 'proof-waiting';

/**
 * Whether staff may move the order to `to` (D15): forward one step (Pending and Reserved
 * may be placed at once), Shipped or Ready for pickup by its delivery option, and
 * Cancelled until it is delivered, unless it has been paid (refunded first). An order
 * finalized for a card payment goes no further than Order Placed until it is paid, and none
 * goes into production while a proof of its cover or pages waits for the school's answer.
 */
export function moveRefusal(order: StaffOrderState, to: OrderStatus): MoveRefusal | undefined {
  if (order.status === to) return 'same';
  if (order.status === 'Cancelled' || order.status === 'Delivered') return 'finished';
  // Money received is refunded before the order is cancelled: it is never left without a record.
  if (to === 'Cancelled') return order.payment_status === 'paid' || heldCents(order) > 0 ? 'paid' : undefined;
  if (!(FORWARD[order.status] ?? []).includes(to)) return 'not-next';
  if ((to === 'Shipped' || to === 'Ready for pickup') && to !== readyStep(order)) return 'wrong-delivery';
  if (to === 'In production' && awaitsCardPayment(order)) return 'awaits-card';
  if (to === 'In production' && order.proof_waiting) return 'proof-waiting';
  return undefined;
}

export function canMoveTo(order: StaffOrderState, to: OrderStatus): boolean {
  return moveRefusal(order, to) === undefined;
}

/** The statuses staff may move the order to now, in the order they come. */
export function staffTransitions(order: StaffOrderState): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canMoveTo(order, to));
}

/** What staff read when a move is refused. */
export function moveRefusalMessage(refusal: MoveRefusal): string {
  switch (refusal) {
    case 'same':
      return MSG.orderMoveSame;
    case 'finished':
      return MSG.orderMoveFinished;
    case 'not-next':
      return MSG.orderMoveNotNext;
    case 'awaits-card':
      return MSG.orderMoveAwaitsCard;
    case 'wrong-delivery':
      return MSG.orderMoveWrongDelivery;
    case 'paid':
      return MSG.orderCancelPaid;
    case 'proof-waiting':
      return MSG.orderMoveProofWaiting;
  }
}

/** Staff may set the delivery date or add tax until the order is cancelled or delivered. */
export function staffMayChange(order: Pick<OrderState, 'status'>): boolean {
  return order.status !== 'Cancelled' && order.status !== 'Delivered';
}
