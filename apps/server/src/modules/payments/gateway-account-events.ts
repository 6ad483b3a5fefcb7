import { disputeReasonLabel } from '@portal/contracts/payment-problems';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { payment_disputes, payments } from '../../db/schema/index.ts';
import { recordChange } from '../audit/record-change.ts';
import type { DisputeEvent, GatewayRefundEvent } from './gateway.ts';
import { recordsPaidBy } from './paid-records.ts';
import { recordRefundAtGateway } from './refund-payment.ts';

/**
 * What the gateway says of a charge's money on its own account: a refund made at its
 * dashboard, a dispute opened or decided. The account must say what the payer holds, so
 * each is recorded once (the same notice twice, or out of order, changes nothing more).
 */

export type AccountEventResult = 'ok' | 'ignored';

/** The payment a gateway charge paid, locked; undefined for a charge this product did not take. */
async function paymentOfCharge(ctx: AppContext, gateway: string, chargeRef: string) {
  const checkoutRef = await ctx.gateway.checkoutOfCharge(chargeRef);
  if (!checkoutRef) return undefined;
  const [payment] = await ctx.db
    .select({ id: payments.id, kind: payments.kind, order_id: payments.order_id })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gateway_ref, checkoutRef)));
  return payment;
}

/** A sponsorship's money changed: the sponsors' cached lists read it again. */
function touchPaid(ctx: AppContext, payment: { kind: string }) {
  if (payment.kind !== 'order') ctx.feed.touch('sponsorships');
}

/** One history row on the payment and on each record it pays, written by the system. */
async function recordOnPaid(
  tx: Executor,
  payment: { id: number; kind: string; order_id: number | null },
  action: string,
  after: Record<string, unknown>,
) {
  await recordChange(tx, { actorId: null, action, entity: 'payment', entityId: payment.id, before: null, after });
  for (const record of await recordsPaidBy(tx, payment)) {
    await recordChange(tx, {
      actorId: null,
      action,
      entity: record.entity,
      entityId: record.id,
      before: null,
      after: { payment_id: payment.id, ...after },
    });
  }
}

/**
 * A refund made at the gateway's dashboard, once it succeeded: the payment's card refund,
 * counted and e-mailed as staff's own refunds are. A pending one waits for its next notice.
 */
export async function recordGatewayRefund(
  ctx: AppContext,
  gateway: string,
  event: GatewayRefundEvent,
): Promise<AccountEventResult> {
  if (event.refund.status !== 'succeeded') return 'ignored';
  const payment = await paymentOfCharge(ctx, gateway, event.chargeRef);
  if (!payment) return 'ignored';
  await ctx.db.transaction(async (tx) => {
    const { refundIds, unrecordedCents } = await recordRefundAtGateway(ctx, tx, {
      paymentId: payment.id,
      amountCents: event.refund.amountCents,
      reference: event.refund.ref,
      reason: 'Refunded in the payment gateway’s dashboard',
    });
    if (unrecordedCents > 0) await noteUnrecorded(tx, payment, event.refund.ref, unrecordedCents, refundIds.length);
  });
  touchPaid(ctx, payment);
  return 'ok';
}

/**
 * More went back at the gateway than the payment had left here (staff had also sent it back
 * by check): the account cannot count it, so the history says so for staff to settle.
 */
async function noteUnrecorded(
  tx: Executor,
  payment: { id: number; kind: string; order_id: number | null },
  reference: string,
  cents: number,
  recorded: number,
) {
  await recordOnPaid(tx, payment, 'gateway-refund-unrecorded', {
    reference,
    amount_cents: cents,
    partly_recorded: recorded > 0,
  });
}

const DISPUTE_ACTIONS = { open: 'dispute-opened', won: 'dispute-won', lost: 'dispute-lost' } as const;

/**
 * A card dispute opened, changed or decided. Opened, the payment still counts (the bank has
 * not decided); won, nothing changes; lost, the money went back to the cardholder and the
 * account counts it as the payment's refund, once. A dispute recorded lost stays lost (a
 * lost dispute is final at the gateway): should money ever come back, staff record it.
 */
export async function recordDispute(
  ctx: AppContext,
  gateway: string,
  event: DisputeEvent,
): Promise<AccountEventResult> {
  const payment = await paymentOfCharge(ctx, gateway, event.chargeRef);
  if (!payment) return 'ignored';
  const { dispute } = event;
  await ctx.db.transaction(async (tx) => {
    // The payment's lock orders two notices of one dispute.
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    const [known] = await tx.select().from(payment_disputes).where(eq(payment_disputes.gateway_ref, dispute.ref));
    const status = known?.status === 'lost' ? 'lost' : dispute.status;
    const fields = {
      amount_cents: dispute.amountCents,
      reason: dispute.reason,
      status,
      respond_by: dispute.respondBy,
      updated_at: new Date(),
    };
    const [row] = known
      ? await tx.update(payment_disputes).set(fields).where(eq(payment_disputes.id, known.id)).returning()
      : await tx
          .insert(payment_disputes)
          .values({ payment_id: payment.id, gateway_ref: dispute.ref, ...fields })
          .returning();
    if (!row) throw new Error('dispute upsert returned no row');
    if (known?.status !== status) {
      await recordOnPaid(tx, payment, DISPUTE_ACTIONS[status], {
        dispute: dispute.ref,
        amount_cents: dispute.amountCents,
        reason: dispute.reason,
      });
    }
    if (status === 'lost' && known?.status !== 'lost') {
      const { refundIds, unrecordedCents } = await recordRefundAtGateway(ctx, tx, {
        paymentId: payment.id,
        amountCents: dispute.amountCents,
        reference: dispute.ref,
        reason: `Card dispute lost (${disputeReasonLabel(dispute.reason).toLowerCase()})`,
      });
      const [first] = refundIds;
      if (first !== undefined) {
        await tx.update(payment_disputes).set({ refund_id: first }).where(eq(payment_disputes.id, row.id));
      }
      if (unrecordedCents > 0) await noteUnrecorded(tx, payment, dispute.ref, unrecordedCents, refundIds.length);
    }
  });
  touchPaid(ctx, payment);
  return 'ok';
}
