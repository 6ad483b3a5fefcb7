import type { OfflinePaymentBody } from '@portal/contracts/admin-sponsorships';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { offlinePaymentFacts, recordOfflinePayment } from '../../payments/record-offline-payment.ts';
import { lockStaffOrder, type StaffActor } from './find-staff-order.ts';

/**
 * A check, a bank transfer or a district's payment against its purchase order, received by
 * staff for an order and recorded through the one payment model: it adds to what the order
 * received, whose account then says whether it is paid, and the school gets its receipt.
 * Refused beyond the balance as it stands (the order's payments' `attach`).
 */
export async function recordOrderOfflinePayment(
  ctx: AppContext,
  actor: StaffActor,
  orderId: number,
  input: z.output<typeof OfflinePaymentBody>,
): Promise<{ paymentId: number }> {
  const order = await lockStaffOrder(ctx.db, orderId);
  const { amountCents, receivedAt, reference } = offlinePaymentFacts(ctx, input);
  return recordOfflinePayment(ctx, {
    payerId: order.school_user_id,
    kind: 'order',
    allocations: [{ order_id: orderId, amount_cents: amountCents }],
    reference,
    receivedAt,
    audit: { actorId: actor.userId, entity: 'order', entityId: orderId, details: input, ip: actor.ip },
  });
}
