import { MSG } from '@portal/contracts/messages';
import type { AdminRefundBody } from '@portal/contracts/refunds';
import { amountToCents } from '@portal/contracts/sponsorships';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { payments } from '../../../db/schema/index.ts';
import { fieldError } from '../../../lib/errors.ts';
import { type RefundOutcome, refundPayment } from '../../payments/refund-payment.ts';
import { lockStaffOrder, type StaffActor } from './find-staff-order.ts';

/**
 * Staff give back all or part of one payment an order received: to the card through the
 * gateway, or by a check or transfer they send. The order's account counts it once it
 * succeeded (total − received + refunded), the school is e-mailed, the history says who and why.
 */
export async function refundOrderPayment(
  ctx: AppContext,
  actor: StaffActor,
  orderId: number,
  input: z.output<typeof AdminRefundBody>,
): Promise<RefundOutcome> {
  // Not found for staff as for anyone: the order must exist before its payments are read.
  await lockStaffOrder(ctx.db, orderId);
  const amountCents = amountToCents(input.amount) ?? 0;
  if (amountCents <= 0) throw fieldError('amount', MSG.adminOfflineAmountZero);
  return refundPayment(ctx, {
    paymentId: input.payment_id,
    belongsTo: async (tx, payment) => {
      const [own] = await tx.select({ order_id: payments.order_id }).from(payments).where(eq(payments.id, payment.id));
      return payment.kind === 'order' && own?.order_id === orderId;
    },
    amountCents,
    method: input.method,
    gatewayName: ctx.gateway.name,
    reference: input.reference,
    reason: input.reason,
    audit: { actorId: actor.userId, entity: 'order', entityId: orderId, ip: actor.ip },
  });
}
