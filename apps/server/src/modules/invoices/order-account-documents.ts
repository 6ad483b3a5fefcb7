import {
  type OrderStatement,
  type PaymentReceipt,
  paymentMethodLabel,
  type StatementLine,
} from '@portal/contracts/documents';
import { invoiceLabel, type TOrderReceiptEntry } from '@portal/contracts/invoices';
import { MSG } from '@portal/contracts/messages';
import { accountBalance } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { documentProvider } from '../documents/document-provider.ts';
import { schoolContact } from '../documents/school-contact.ts';
import { purchaseOrderOf } from './invoice-content.ts';
import { storedInvoicesOf } from './list-order-invoices.ts';
import { orderMoney } from './received-payments.ts';

async function orderOf(db: Executor, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(MSG.orderNotFound);
  return order;
}

/** What of one payment has been given back since. */
const refundedOf = (given: readonly { payment: number; amount: number }[], paymentId: number) =>
  given.filter((r) => r.payment === paymentId).reduce((sum, r) => sum + r.amount, 0);

/**
 * The order's statement of account on `today`: its invoices and credit notes as issued, the
 * payments it received and the money given back, in the order they happened, each with the
 * balance after it; then what the order costs beyond what was invoiced. The last balance
 * plus what is not yet invoiced is the order's account (accountBalance), the one the screens show.
 */
export async function orderStatement(ctx: AppContext, orderId: number, today: Date): Promise<OrderStatement> {
  const order = await orderOf(ctx.db, orderId);
  const [documents, { received, given }, provider, school] = await Promise.all([
    storedInvoicesOf(ctx.db, orderId),
    orderMoney(ctx.db, orderId),
    documentProvider(ctx),
    schoolContact(ctx.db, order.school_user_id),
  ]);
  const events: { at: number; line: Omit<StatementLine, 'balance'> }[] = [
    ...documents.map((d) => ({
      at: d.created_at.getTime(),
      line: {
        date: d.issue_date,
        what: `${d.kind === 'credit-note' ? 'Credit note' : 'Invoice'} ${invoiceLabel(d.kind, d.number ?? order.invoice_number ?? 0)}`,
        charge: Math.max(0, d.total_cents),
        credit: Math.max(0, -d.total_cents),
      },
    })),
    ...received.map((p) => {
      return {
        at: p.created.getTime(),
        line: {
          date: isoDay(p.at ?? p.created),
          what: `Payment ${p.id} (${paymentMethodLabel(p.gateway).toLowerCase()})`,
          charge: 0,
          credit: p.amount,
        },
      };
    }),
    ...given.map((r) => ({
      at: r.created.getTime(),
      line: {
        date: isoDay(r.at),
        what:
          r.method === 'credit'
            ? `${r.reference ?? 'Moved to another order'} (of payment ${r.payment})`
            : `Refund of payment ${r.payment}${r.method === 'card' ? ' to the card' : ''}`,
        charge: r.amount,
        credit: 0,
      },
    })),
  ];
  // In the order they were recorded: the dates shown are the business's (an issue date, the day a check was received).
  events.sort((a, b) => a.at - b.at);
  let balance = 0;
  const lines = events.map(({ line }) => {
    balance += line.charge - line.credit;
    return { ...line, balance };
  });
  const invoiced = documents.reduce((sum, d) => sum + d.total_cents, 0);
  const account = accountBalance(order);
  return {
    orderId,
    date: isoDay(today),
    provider,
    school,
    ...purchaseOrderOf(order),
    lines,
    invoicedBalanceCents: balance,
    notInvoicedCents: order.total_cents - invoiced,
    balanceCents: account,
  };
}

/** The payments the order received, oldest first, as the school's list of receipts shows them. */
export async function receiptsOf(db: Executor, orderId: number): Promise<TOrderReceiptEntry[]> {
  const { received, given } = await orderMoney(db, orderId);
  return received.map((p) => ({
    payment_id: p.id,
    date: isoDay(p.at ?? p.created),
    amount_cents: p.amount,
    method: paymentMethodLabel(p.gateway),
    refunded_cents: refundedOf(given, p.id),
  }));
}

/** The receipt of one payment the order received; refused for any other payment. */
export async function paymentReceipt(
  ctx: AppContext,
  orderId: number,
  paymentId: number,
  today: Date,
): Promise<PaymentReceipt> {
  const order = await orderOf(ctx.db, orderId);
  const { received, given } = await orderMoney(ctx.db, orderId);
  const payment = received.find((p) => p.id === paymentId);
  if (!payment) throw notFound(MSG.receiptNotFound);
  const [provider, school] = await Promise.all([documentProvider(ctx), schoolContact(ctx.db, order.school_user_id)]);
  return {
    number: payment.id,
    orderId,
    date: isoDay(payment.at ?? payment.created),
    provider,
    school,
    ...purchaseOrderOf(order),
    amountCents: payment.amount,
    method: paymentMethodLabel(payment.gateway),
    refundedCents: refundedOf(given, payment.id),
    balanceCents: accountBalance(order),
    drawn: isoDay(today),
  };
}
