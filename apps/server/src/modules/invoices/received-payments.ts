import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import type { ReceivedPayment } from '../documents/pdf-drawing.ts';

/**
 * The order's payments the gateway confirmed (D13), and the refunds of them that went
 * through, each oldest first: what its invoices, statement and receipts tell of.
 */
export async function orderMoney(db: Executor, orderId: number) {
  // One after the other: `db` may be a transaction, whose one connection runs a query at a time.
  const received = await db
    .select({
      id: payments.id,
      amount: payments.amount_cents,
      gateway: payments.gateway,
      at: payments.confirmed_at,
      created: payments.created_at,
    })
    .from(payments)
    .where(and(eq(payments.order_id, orderId), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.id));
  const given = await db
    .select({
      payment: refunds.payment_id,
      amount: refunds.amount_cents,
      method: refunds.method,
      reference: refunds.reference,
      at: refunds.updated_at,
      created: refunds.created_at,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.payment_id))
    .where(and(eq(payments.order_id, orderId), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.id));
  return { received, given };
}

/**
 * The payments an order has received, only those the gateway confirmed (D13), and the
 * refunds that succeeded, as negative amounts, all oldest first: their sum is what the order
 * holds (heldCents). A payment's reference is its number, the one the school's receipt gives;
 * a refund names the payment it gave back of.
 */
export async function receivedPayments(db: Executor, orderId: number): Promise<ReceivedPayment[]> {
  const { received: paid, given } = await orderMoney(db, orderId);
  const lines = [
    ...paid.map((p) => ({
      at: p.at ?? p.created,
      order: p.id,
      line: { reference: String(p.id), amountCents: p.amount },
    })),
    ...given.map((r) => ({
      at: r.at,
      order: r.payment,
      line: { reference: `Refund of payment ${r.payment}`, amountCents: -r.amount },
    })),
  ];
  lines.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  return lines.map((l) => ({ date: isoDay(l.at), ...l.line }));
}
