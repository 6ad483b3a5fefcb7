import { MSG, sponsorshipAmountTooHigh } from '@portal/contracts/messages';
import { centsToDecimal, formatMoney } from '@portal/contracts/money';
import { accountBalance, balanceDue, isPayable, paymentStatusOf } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, payments, users } from '../../db/schema/index.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { renderMail } from '../mail/layout.ts';
import {
  type PaymentKindHandlers,
  type PaymentRecord,
  type RefundRecord,
  recordedByStaff,
} from '../payments/payment-kinds.ts';
import { receiptDate } from '../payments/payment-receipt.ts';
import { orderStateColumns } from './find-school-order.ts';

export interface ReceiptDetails {
  to: string;
  amountCents: number;
  orderId: number;
  orderKey: string;
  /** The gateway's reference of the checkout, which its own records and the card statement's enquiry use. */
  gatewayRef: string;
  paidAt: Date;
  /** The order's account once this payment counts: still owed above 0, the school's credit below. */
  balanceCents: number;
  /** Whether the order is still to reach the school (the receipt promises news of it). */
  onItsWay: boolean;
  /** Received by staff (a check, a transfer), not by card. */
  offline?: boolean;
}

/** What the receipt says of the account after the payment: nothing left, a balance still due, or a credit. */
function accountLine(balanceCents: number): string {
  if (balanceCents > 0) return `Still to pay on this order: ${formatMoney(balanceCents)}.`;
  if (balanceCents < 0) {
    return `You have paid ${formatMoney(-balanceCents)} more than the order's total: it is kept as your credit, and our team will refund it or apply it as you ask.`;
  }
  return 'The order is now paid in full.';
}

/** The school's receipt for a payment of its order, by card or received by staff (D14), in HTML and text. */
export function renderOrderReceipt(publicUrl: string, r: ReceiptDetails) {
  return renderMail({
    subject: `Payment received for order #${r.orderId}`,
    paragraphs: [
      `Thank you: we have received your ${r.offline ? `payment (${r.gatewayRef})` : 'card payment'} of ${formatMoney(r.amountCents)} for order #${r.orderId}.`,
      `Order: #${r.orderId}`,
      `Amount paid: ${formatMoney(r.amountCents)}`,
      `Date: ${receiptDate(r.paidAt)}`,
      `Payment reference: ${r.gatewayRef}`,
      accountLine(r.balanceCents),
      r.onItsWay
        ? 'Your receipt is attached as a PDF. We will let you know when your order is on its way.'
        : 'Your receipt is attached as a PDF.',
    ],
    action: { label: 'Manage your order', url: `${publicUrl}/school/order/${r.orderKey}` },
  });
}

export interface RefundNoticeDetails {
  orderId: number;
  orderKey: string;
  refund: RefundRecord;
  /** The order's account once the refund counts. */
  balanceCents: number;
}

/** The school's notice of money given back of its order: how much, how it comes back, why, and the account after. */
export function renderOrderRefundNotice(publicUrl: string, r: RefundNoticeDetails) {
  const how =
    r.refund.method === 'card'
      ? 'It goes back to the card you paid with; your bank may take a few days to show it.'
      : `It is sent to you by hand${r.refund.reference ? ` (${r.refund.reference})` : ''}.`;
  return renderMail({
    subject: `Refund of ${formatMoney(r.refund.amount_cents)} for order #${r.orderId}`,
    paragraphs: [
      `We have refunded ${formatMoney(r.refund.amount_cents)} of your payment for order #${r.orderId}.`,
      how,
      `Why: ${r.refund.reason}`,
      accountLine(r.balanceCents),
      'Keep this e-mail with your receipts.',
    ],
    action: { label: 'Manage your order', url: `${publicUrl}/school/order/${r.orderKey}` },
  });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The order, locked for the payment's transaction, with what its account reads. */
async function lockOrderAccount(tx: Executor, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      order_key: orders.order_key,
      school_user_id: orders.school_user_id,
      ...orderStateColumns,
      invoice_number: orders.invoice_number,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order;
}

/**
 * Adds money received or refunded to the account of the order a payment pays, with the
 * order locked, and writes the payment status the account then gives it. Answers the order
 * before, its account after, and the school's address for the notice.
 */
async function moveAccount(
  tx: Executor,
  payment: PaymentRecord,
  by: { received_cents?: number; refunded_cents?: number },
) {
  const [own] = await tx.select({ order_id: payments.order_id }).from(payments).where(eq(payments.id, payment.id));
  if (own?.order_id == null) return undefined;
  const order = await lockOrderAccount(tx, own.order_id);
  if (!order) return undefined;
  const after = {
    ...order,
    received_cents: order.received_cents + (by.received_cents ?? 0),
    refunded_cents: order.refunded_cents + (by.refunded_cents ?? 0),
  };
  await tx
    .update(orders)
    .set({
      received_cents: after.received_cents,
      refunded_cents: after.refunded_cents,
      payment_status: paymentStatusOf(after),
    })
    .where(eq(orders.id, order.id));
  const [school] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.user_id));
  return school ? { order, after, to: school.email } : undefined;
}

/**
 * What a card payment of an order does to it. Starting one locks the order and refuses
 * more than it owes as it now stands (one payment in flight at a time: the unique index
 * payments_one_pending_per_order); a confirmed one adds its amount to what the order
 * received, whatever the order became meanwhile, and the account decides whether it is paid
 * (paymentStatusOf): a payment for a superseded amount leaves a balance due or a credit.
 */
export function orderPayments(publicUrl: string): PaymentKindHandlers {
  return {
    async attach(tx, payment, allocations) {
      const [allocation] = allocations;
      if (allocations.length !== 1 || !allocation || !('order_id' in allocation)) {
        throw new Error('an order payment pays exactly one order');
      }
      const order = await lockOrderAccount(tx, allocation.order_id);
      if (!order || order.school_user_id !== payment.user_id) throw notFound(MSG.orderNotFound);
      if (recordedByStaff(payment.gateway)) {
        // Money staff received by hand: for any order still owed something, up to what it owes.
        const due = order.status === 'Cancelled' ? 0 : balanceDue(order);
        if (due <= 0) throw conflict(MSG.orderNothingToPay);
        if (allocation.amount_cents > due) throw fieldError('amount', sponsorshipAmountTooHigh(centsToDecimal(due)));
      } else {
        if (!isPayable(order)) throw conflict(MSG.orderNothingToPay);
        if (allocation.amount_cents <= 0 || allocation.amount_cents > balanceDue(order)) {
          throw conflict(MSG.orderPaymentAmountChanged);
        }
      }
      try {
        await tx.update(payments).set({ order_id: allocation.order_id }).where(eq(payments.id, payment.id));
      } catch (error) {
        // Another checkout of this order started its payment meanwhile (payments_one_pending_per_order).
        if (isUniqueViolation(error)) throw conflict(MSG.paymentInProgress);
        throw error;
      }
    },
    async paid(tx, payment) {
      const moved = await moveAccount(tx, payment, { received_cents: payment.amount_cents });
      if (!moved) return undefined;
      const { order, after, to } = moved;
      const mail = renderOrderReceipt(publicUrl, {
        to,
        amountCents: payment.amount_cents,
        orderId: order.id,
        orderKey: order.order_key,
        gatewayRef: payment.gateway_ref ?? '',
        paidAt: payment.confirmed_at ?? new Date(),
        balanceCents: accountBalance(after),
        onItsWay: !DELIVERED_OR_CANCELLED.includes(order.status),
        offline: recordedByStaff(payment.gateway),
      });
      return { to, ...mail, receiptOf: payment.id };
    },
    async failed() {
      // The order stays payable: a new checkout starts a new payment.
    },
    async refunded(tx, payment, refund) {
      const moved = await moveAccount(tx, payment, { refunded_cents: refund.amount_cents });
      // A credit moved to another order: the school hears of it by that order's receipt.
      if (!moved || refund.method === 'credit') return undefined;
      const { order, after, to } = moved;
      const mail = renderOrderRefundNotice(publicUrl, {
        orderId: order.id,
        orderKey: order.order_key,
        refund,
        balanceCents: accountBalance(after),
      });
      return { template: 'refund-notice', to, ...mail };
    },
  };
}

/** Orders no longer on their way: the receipt promises no news of a delivery. */
const DELIVERED_OR_CANCELLED: readonly string[] = ['Delivered', 'Cancelled'];
