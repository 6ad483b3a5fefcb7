import type { TAdminCancelAnswerBody } from '@portal/contracts/admin-orders';
import { MSG } from '@portal/contracts/messages';
import { moveRefusal, moveRefusalMessage } from '@portal/contracts/order-rules';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { contact_requests, orders } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { closeOpenPayments } from '../../orders/settle-order-payments.ts';
import { lockStaffOrder, type StaffActor, staffState } from './find-staff-order.ts';
import { changeStatus } from './move-order-status.ts';
import { mailSchoolOrderNews } from './order-staff-mails.ts';

/**
 * Answers the school's request to cancel its order (request-cancel.ts): approving cancels
 * the order, when the order rules allow it, as a move to Cancelled does; declining keeps it
 * as it is. Either way the request is marked handled, the change audited and the school told.
 */
export async function answerCancelRequest(
  ctx: AppContext,
  actor: StaffActor,
  orderId: number,
  answer: TAdminCancelAnswerBody,
) {
  const approve = answer.answer === 'approve';
  const ready = await lockStaffOrder(ctx.db, orderId);
  if (!(await openRequest(ctx.db, orderId, { lock: false }))) throw conflict(MSG.cancelRequestNotOpen);
  if (approve) {
    const refusal = moveRefusal(staffState(ready), 'Cancelled');
    if (refusal) throw conflict(moveRefusalMessage(refusal));
    await closeOpenPayments(ctx, orderId);
  }
  await ctx.db.transaction(async (tx) => {
    const before = await lockStaffOrder(tx, orderId);
    const request = await openRequest(tx, orderId, { lock: true });
    if (!request) throw conflict(MSG.cancelRequestNotOpen);
    if (approve) {
      const refusal = moveRefusal(staffState(before), 'Cancelled');
      if (refusal) throw conflict(moveRefusalMessage(refusal));
      await changeStatus(tx, actor, before, 'Cancelled', 'cancel-approve');
    } else {
      // The school may ask again later: its order no longer reads as waiting for an answer.
      await tx.update(orders).set({ cancel_requested_at: null, updated_at: sql`now()` }).where(eq(orders.id, orderId));
      await recordChange(tx, {
        actorId: actor.userId,
        action: 'cancel-decline',
        entity: 'order',
        entityId: orderId,
        after: { cancel_request: 'declined', message: answer.message },
        ip: actor.ip,
      });
    }
    await tx
      .update(contact_requests)
      .set({ handled_at: sql`now()`, handled_by: actor.userId, updated_at: sql`now()` })
      .where(eq(contact_requests.id, request.id));
    await mailSchoolOrderNews(
      ctx,
      tx,
      before,
      approve ? { kind: 'cancel-approved' } : { kind: 'cancel-declined', message: answer.message },
    );
  });
  return { status: 'success' as const, message: approve ? MSG.cancelRequestApproved : MSG.cancelRequestDeclined };
}

/** The order's latest cancel request still waiting for an answer, locked when asked. */
async function openRequest(db: Executor, orderId: number, { lock }: { lock: boolean }) {
  const query = db
    .select({ id: contact_requests.id })
    .from(contact_requests)
    .where(
      and(
        eq(contact_requests.order_id, orderId),
        eq(contact_requests.kind, 'cancel'),
        isNull(contact_requests.handled_at),
      ),
    )
    .orderBy(desc(contact_requests.id))
    .limit(1);
  const [request] = lock ? await query.for('update') : await query;
  return request;
}
