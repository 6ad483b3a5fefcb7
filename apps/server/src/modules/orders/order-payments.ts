import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { eq } from 'drizzle-orm';
import { orders, payments, users } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { renderMail } from '../mail/layout.ts';
import type { PaymentKindHandlers } from '../payments/payment-kinds.ts';
import { receiptDate } from '../payments/payment-receipt.ts';

export interface ReceiptDetails {
  to: string;
  amountCents: number;
  orderId: number;
  orderKey: string;
  /** The gateway's reference of the checkout, which its own records and the card statement's enquiry use. */
  gatewayRef: string;
  paidAt: Date;
}

/** The school's receipt for a card payment of its order (D14), in HTML and text. */
export function renderOrderReceipt(publicUrl: string, r: ReceiptDetails) {
  return renderMail({
    subject: `Payment received for order #${r.orderId}`,
    paragraphs: [
      `Thank you: we have received your card payment of ${formatMoney(r.amountCents)} for order #${r.orderId}.`,
      `Order: #${r.orderId}`,
      `Amount paid: ${formatMoney(r.amountCents)}`,
      `Date: ${receiptDate(r.paidAt)}`,
      `Payment reference: ${r.gatewayRef}`,
      'Keep this e-mail as your receipt. We will let you know when your order is on its way.',
    ],
    action: { label: 'Manage your order', url: `${publicUrl}/school/order/${r.orderKey}` },
  });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** What a card payment of an order does to the order: paid in full, or nothing. */
export function orderPayments(publicUrl: string): PaymentKindHandlers {
  return {
    async attach(tx, payment, allocations) {
      const [allocation] = allocations;
      if (allocations.length !== 1 || !allocation || !('order_id' in allocation)) {
        throw new Error('an order payment pays exactly one order');
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
      const [own] = await tx.select({ order_id: payments.order_id }).from(payments).where(eq(payments.id, payment.id));
      if (own?.order_id == null) return undefined;
      const [order] = await tx
        .update(orders)
        .set({ payment_status: 'paid' })
        .where(eq(orders.id, own.order_id))
        .returning({ id: orders.id, order_key: orders.order_key });
      const [school] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.user_id));
      if (!order || !school) return undefined;
      const mail = renderOrderReceipt(publicUrl, {
        to: school.email,
        amountCents: payment.amount_cents,
        orderId: order.id,
        orderKey: order.order_key,
        gatewayRef: payment.gateway_ref ?? '',
        paidAt: payment.confirmed_at ?? new Date(),
      });
      return { to: school.email, ...mail };
    },
    async failed() {
      // The order stays payable: a new checkout starts a new payment.
    },
  };
}
