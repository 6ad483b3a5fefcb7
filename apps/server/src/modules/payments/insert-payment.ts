import type { Executor } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { type Allocation, handlersOf, type PaymentRecord } from './payment-kinds.ts';

/** The columns of a payment that its kind's handlers are given. */
export const PAYMENT_RECORD = {
  id: payments.id,
  kind: payments.kind,
  user_id: payments.user_id,
  amount_cents: payments.amount_cents,
  gateway: payments.gateway,
  gateway_ref: payments.gateway_ref,
  confirmed_at: payments.confirmed_at,
};

/**
 * Writes a payment and hands its allocations to its kind, which locks what they pay and
 * refuses what cannot be paid, in the caller's transaction: a card payment being started
 * and a payment staff received by hand begin the same way.
 */
export async function insertPayment(
  tx: Executor,
  values: typeof payments.$inferInsert,
  allocations: Allocation[],
): Promise<PaymentRecord> {
  const [row] = await tx.insert(payments).values(values).returning(PAYMENT_RECORD);
  if (!row) throw new Error('payment insert returned no row');
  await handlersOf(row.kind).attach(tx, row, allocations);
  return row;
}
