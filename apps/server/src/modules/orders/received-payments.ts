import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import type { ReceivedPayment } from '../documents/pdf-drawing.ts';

/**
 * The payments an order has received: only those the gateway confirmed (D13), oldest first.
 * Their reference is the payment's number, the one the school's receipt gives.
 */
export async function receivedPayments(db: Database, orderId: number): Promise<ReceivedPayment[]> {
  const rows = await db
    .select({ id: payments.id, amount: payments.amount_cents, at: payments.confirmed_at, created: payments.created_at })
    .from(payments)
    .where(and(eq(payments.order_id, orderId), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.confirmed_at), asc(payments.id));
  return rows.map((p) => ({ date: isoDay(p.at ?? p.created), reference: String(p.id), amountCents: p.amount }));
}
