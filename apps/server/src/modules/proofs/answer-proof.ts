import { MSG } from '@portal/contracts/messages';
import type { AnswerProofBody, TOrderProof } from '@portal/contracts/proofs';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { order_proofs, orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { schoolProofPath, toOrderProof } from './proof-entry.ts';
import { mailStaffProofAnswer } from './proof-mails.ts';

/**
 * The school's answer to a proof of its own order: approved, or changes asked for with what
 * to change. A proof is answered once; the answer is written with its audit row, and staff
 * are e-mailed. Another school's proof is not found, as one that does not exist (D11).
 */
export async function answerProof(
  ctx: AppContext,
  school: { userId: number; ip: string },
  body: z.output<typeof AnswerProofBody>,
): Promise<{ proof: TOrderProof; message: string }> {
  const proof = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        proof: order_proofs,
        order: { id: orders.id, order_key: orders.order_key, school_user_id: orders.school_user_id },
      })
      .from(order_proofs)
      .innerJoin(orders, eq(orders.id, order_proofs.order_id))
      .where(
        and(
          eq(order_proofs.id, body.proof_id),
          eq(orders.order_key, body.order_key),
          eq(orders.school_user_id, school.userId),
        ),
      )
      .for('update', { of: order_proofs });
    if (!found) throw notFound(MSG.proofNotFound);
    if (found.proof.status !== 'waiting') throw conflict(MSG.proofAlreadyAnswered);
    const status = body.answer === 'approve' ? ('approved' as const) : ('changes_requested' as const);
    const [updated] = await tx
      .update(order_proofs)
      .set({ status, comment: body.comment, answered_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(order_proofs.id, found.proof.id))
      .returning();
    if (!updated) throw notFound(MSG.proofNotFound);
    await recordChange(tx, {
      actorId: school.userId,
      action: body.answer === 'approve' ? 'approve' : 'request-changes',
      entity: 'order-proof',
      entityId: updated.id,
      before: { status: found.proof.status, comment: found.proof.comment },
      after: { status, comment: body.comment },
      ip: school.ip,
    });
    await mailStaffProofAnswer(ctx, tx, found.order, {
      shows: updated.shows,
      status,
      comment: updated.comment,
      uploaded_by: updated.uploaded_by,
    });
    return updated;
  });
  return {
    proof: toOrderProof(proof, schoolProofPath(proof)),
    message: proof.status === 'approved' ? MSG.proofApproved : MSG.proofChangesRequested,
  };
}
