import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { order_proofs, orders } from '../../db/schema/index.ts';

/** An order of the outer query has a proof waiting for the school's answer (order_proofs_waiting_idx). */
export const proofWaitingSql = sql<boolean>`exists (select 1 from ${order_proofs}
  where ${order_proofs.order_id} = ${orders.id} and ${order_proofs.status} = 'waiting')`;

/**
 * Whether a proof of the order waits for the school's answer, which keeps it out of
 * production (moveRefusal). Read in the transaction that locked the order, it cannot
 * change under the decision: an upload locks the order first.
 */
export async function hasWaitingProof(db: Executor, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: order_proofs.id })
    .from(order_proofs)
    .where(and(eq(order_proofs.order_id, orderId), eq(order_proofs.status, 'waiting')))
    .limit(1);
  return row !== undefined;
}
