import { MSG } from '@portal/contracts/messages';
import type { TOrderProof } from '@portal/contracts/proofs';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { order_proofs, orders } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { schoolProofPath, toOrderProof } from './proof-entry.ts';

/** The proofs of one of the school's own orders, newest first; another school's order is not found (D11). */
export async function listSchoolProofs(db: Database, schoolUserId: number, orderKey: string): Promise<TOrderProof[]> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.order_key, orderKey), eq(orders.school_user_id, schoolUserId)));
  if (!order) throw notFound(MSG.orderNotFound);
  const rows = await db
    .select()
    .from(order_proofs)
    .where(eq(order_proofs.order_id, order.id))
    .orderBy(desc(order_proofs.created_at), desc(order_proofs.id));
  return rows.map((row) => toOrderProof(row, schoolProofPath(row)));
}
