import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentKind } from '../payments/payment-kinds.ts';

/** The sponsor's own payment of this kind, by its key: any other key is unknown (404). */
export async function findSponsorPayment(db: Executor, sponsorId: number, paymentKey: string, kind: PaymentKind) {
  const [payment] = await db
    .select({
      id: payments.id,
      key: payments.payment_key,
      user_id: payments.user_id,
      amount_cents: payments.amount_cents,
    })
    .from(payments)
    .where(and(eq(payments.payment_key, paymentKey), eq(payments.user_id, sponsorId), eq(payments.kind, kind)));
  if (!payment) throw notFound();
  return payment;
}
