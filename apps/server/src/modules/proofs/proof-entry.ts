import type { TOrderProof, TStaffOrderProof } from '@portal/contracts/proofs';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { order_proofs, users } from '../../db/schema/index.ts';

/** The storage folder of proofs; never served at /uploads/. */
export const PROOFS_FOLDER = 'order-proofs';
export const proofKey = (storedName: string) => `${PROOFS_FOLDER}/${storedName}`;

export type ProofRow = typeof order_proofs.$inferSelect;

/** A proof as an answer lists it, with the address the reader downloads it from. */
export function toOrderProof(row: ProofRow, filePath: string): TOrderProof {
  return {
    id: row.id,
    shows: row.shows,
    file_name: row.file_name,
    file_path: filePath,
    mime_type: row.mime_type,
    size_bytes: row.size_bytes,
    status: row.status,
    comment: row.comment,
    created_at: row.created_at.toISOString(),
    answered_at: row.answered_at?.toISOString() ?? null,
  };
}

/** Where staff download a proof, and where the school does. */
export const staffProofPath = (row: Pick<ProofRow, 'id' | 'order_id'>) =>
  `/api/admin/orders/${row.order_id}/proofs/${row.id}/file`;
export const schoolProofPath = (row: Pick<ProofRow, 'id'>) => `/api/orderproof/${row.id}`;

const uploaderName = sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.email})`;

/** The order's proofs as staff see them (one, when `proofId` is given), newest first. */
export async function staffProofs(db: Executor, orderId: number, proofId?: number): Promise<TStaffOrderProof[]> {
  const rows = await db
    .select({ proof: order_proofs, uploaded_by_name: uploaderName })
    .from(order_proofs)
    .innerJoin(users, eq(users.id, order_proofs.uploaded_by))
    .where(and(eq(order_proofs.order_id, orderId), proofId === undefined ? undefined : eq(order_proofs.id, proofId)))
    .orderBy(sql`${order_proofs.created_at} desc, ${order_proofs.id} desc`);
  return rows.map(({ proof, uploaded_by_name }) => ({
    ...toOrderProof(proof, staffProofPath(proof)),
    uploaded_by_name,
  }));
}
