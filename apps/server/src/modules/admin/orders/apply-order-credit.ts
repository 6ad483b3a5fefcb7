import type { AdminApplyCreditBody } from '@portal/contracts/admin-orders';
import { creditAmountTooHigh, MSG, sponsorshipAmountTooHigh } from '@portal/contracts/messages';
import { centsToDecimal } from '@portal/contracts/money';
import { balanceDue, creditCents } from '@portal/contracts/order-rules';
import { amountToCents } from '@portal/contracts/sponsorships';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { payments, refunds } from '../../../db/schema/index.ts';
import { conflict, fieldError } from '../../../lib/errors.ts';
import { randomToken } from '../../../lib/tokens.ts';
import { queueDelivery } from '../../mail/queue-mail.ts';
import { markPaymentSucceeded } from '../../payments/confirm-payment.ts';
import { insertPayment } from '../../payments/insert-payment.ts';
import { CREDIT_GATEWAY } from '../../payments/payment-kinds.ts';
import { leftToRefund, refundWithin } from '../../payments/refund-payment.ts';
import { lockStaffOrder, type StaffActor } from './find-staff-order.ts';

/**
 * Staff apply the school's credit on one order (what it paid beyond its total) to another
 * of its orders, in one transaction through the one payment model: the money leaves the
 * first order as refunds of its payments (method 'credit', oldest payment first) and comes
 * into the second as a payment (gateway 'credit') with its receipt, so each order's account
 * still reads total − received + refunded. Refused beyond the credit, beyond what the other
 * order owes, and to another school's order.
 */
export async function applyOrderCredit(
  ctx: AppContext,
  actor: StaffActor,
  fromId: number,
  input: z.output<typeof AdminApplyCreditBody>,
): Promise<{ paymentId: number }> {
  const amountCents = amountToCents(input.amount) ?? 0;
  if (amountCents <= 0) throw fieldError('amount', MSG.adminOfflineAmountZero);
  if (input.to_order_id === fromId) throw fieldError('to_order_id', MSG.adminCreditOrderRequired);
  return ctx.db.transaction(async (tx) => {
    // Both orders locked, the lower id first, as every transaction that locks two does.
    const [firstId, secondId] = [fromId, input.to_order_id].sort((a, b) => a - b) as [number, number];
    const first = await lockStaffOrder(tx, firstId);
    const second = await lockStaffOrder(tx, secondId);
    const [from, to] = first.id === fromId ? [first, second] : [second, first];
    if (to.school_user_id !== from.school_user_id) throw fieldError('to_order_id', MSG.adminCreditOtherSchool);
    const credit = creditCents(from);
    if (credit <= 0) throw conflict(MSG.adminCreditNone);
    if (amountCents > credit) throw fieldError('amount', creditAmountTooHigh(centsToDecimal(credit)));
    const owed = to.status === 'Cancelled' || to.status === 'Pending' ? 0 : balanceDue(to);
    if (owed <= 0) throw conflict(MSG.orderNothingToPay);
    if (amountCents > owed) throw fieldError('amount', sponsorshipAmountTooHigh(centsToDecimal(owed)));

    const audit = { actorId: actor.userId, entity: 'order' as const, entityId: from.id, ip: actor.ip };
    const reason = `Applied to order #${to.id}`;
    const paid = await tx
      .select({ id: payments.id, amount_cents: payments.amount_cents, status: payments.status })
      .from(payments)
      .where(and(eq(payments.order_id, from.id), eq(payments.status, 'succeeded')))
      .orderBy(asc(payments.id));
    const given = await tx
      .select({ payment_id: refunds.payment_id, amount_cents: refunds.amount_cents, status: refunds.status })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.payment_id))
      .where(eq(payments.order_id, from.id));
    let left = amountCents;
    const taken: number[] = [];
    for (const payment of paid) {
      const part = Math.min(left, leftToRefund(payment, given));
      if (part <= 0) continue;
      taken.push(
        await refundWithin(ctx, tx, {
          paymentId: payment.id,
          belongsTo: async () => true,
          amountCents: part,
          method: 'credit',
          gatewayName: ctx.gateway.name,
          reference: reason,
          reason,
          audit,
        }),
      );
      left -= part;
      if (left === 0) break;
    }
    // A credit is money received and not refunded, so the payments always hold it.
    if (left > 0) throw new Error(`order ${from.id} shows a credit its payments do not hold`);

    const payment = await insertPayment(
      tx,
      {
        payment_key: randomToken(),
        kind: 'order',
        user_id: to.school_user_id,
        amount_cents: amountCents,
        gateway: CREDIT_GATEWAY,
        // Unique as every gateway's reference is: the refunds it was made of name it.
        gateway_ref: `Credit from order #${from.id} (ref. ${taken.join(', ')})`,
      },
      [{ order_id: to.id, amount_cents: amountCents }],
    );
    const mailId = await markPaymentSucceeded(tx, payment.id);
    if (mailId !== undefined) await queueDelivery(ctx.jobs, tx, mailId);
    return { paymentId: payment.id };
  });
}
