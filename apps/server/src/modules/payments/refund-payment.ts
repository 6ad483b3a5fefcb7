import { MSG, refundAmountTooHigh, refundRefused } from '@portal/contracts/messages';
import { centsToDecimal } from '@portal/contracts/money';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { payment_allocations, payments, refunds } from '../../db/schema/index.ts';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { BACKGROUND_STEP, stepsById } from '../../lib/steps.ts';
import { recordChange } from '../audit/record-change.ts';
import { queueDelivery } from '../mail/queue-mail.ts';
import type { RefundResult } from './gateway.ts';
import { PAYMENT_RECORD } from './insert-payment.ts';
import { recordsPaidBy } from './paid-records.ts';
import { handlersOf, type PaymentRecord, type RefundRecord, recordedByStaff } from './payment-kinds.ts';
import { insertReceipt } from './payment-receipt.ts';

export interface RefundInput {
  paymentId: number;
  /** Of a payment of sponsorships, the one whose share is given back (required for them). */
  sponsorshipId?: number;
  /** Whose record the payment must pay (the order, the sponsorship): another's is not found. */
  belongsTo: (tx: Executor, payment: PaymentRecord) => Promise<boolean>;
  amountCents: number;
  method: RefundRecord['method'];
  /** The gateway card refunds go through (ctx.gateway.name): a payment another gateway took is not refunded to its card here. */
  gatewayName: string;
  /** The check number or the transfer's reference, for money sent back by hand. */
  reference: string;
  reason: string;
  /** Who asked for it, and what the history row is about. */
  audit: { actorId: number | null; entity: 'order' | 'sponsorship'; entityId: number; ip?: string | undefined };
}

export interface RefundOutcome {
  refundId: number;
  status: 'succeeded' | 'pending';
}

const REFUND_RECORD = {
  id: refunds.id,
  sponsorship_id: refunds.sponsorship_id,
  amount_cents: refunds.amount_cents,
  method: refunds.method,
  reference: refunds.reference,
  reason: refunds.reason,
};

/**
 * What is left to refund of a payment, or of one sponsorship's share of it (`amount_cents`
 * is then that share): what it brought less its refunds that did not fail (nothing unless received).
 */
export function leftToRefund(
  payment: { id: number; amount_cents: number; status: string; sponsorship_id?: number | null },
  given: readonly { payment_id: number; amount_cents: number; status: string; sponsorship_id?: number | null }[],
): number {
  if (payment.status !== 'succeeded') return 0;
  const share = payment.sponsorship_id ?? null;
  const asked = given.filter(
    (r) => r.payment_id === payment.id && r.status !== 'failed' && (share === null || r.sponsorship_id === share),
  );
  return payment.amount_cents - asked.reduce((sum, r) => sum + r.amount_cents, 0);
}

/** The refunds of one payment, or of one sponsorship's shares, as `leftToRefund` reads them. */
export function refundsOf(db: Executor, of: { paymentId: number } | { sponsorshipId: number }) {
  return db
    .select({
      payment_id: refunds.payment_id,
      sponsorship_id: refunds.sponsorship_id,
      amount_cents: refunds.amount_cents,
      status: refunds.status,
    })
    .from(refunds)
    .where('paymentId' in of ? eq(refunds.payment_id, of.paymentId) : eq(refunds.sponsorship_id, of.sponsorshipId));
}

/** One sponsorship's share of a payment of sponsorships (its allocation), or undefined when it paid none of it. */
async function shareOf(db: Executor, paymentId: number, sponsorshipId: number) {
  const [share] = await db
    .select({ amount_cents: payment_allocations.amount_cents })
    .from(payment_allocations)
    .where(and(eq(payment_allocations.payment_id, paymentId), eq(payment_allocations.sponsorship_id, sponsorshipId)));
  return share?.amount_cents;
}

/**
 * The refund has succeeded: marked so once (a second word of it changes nothing), what the
 * payment paid for counts it, the payer's notice is written, all in the caller's transaction.
 */
async function markRefundSucceeded(ctx: AppContext, tx: Executor, refundId: number, reference: string | null) {
  const [refund] = await tx
    .update(refunds)
    .set({ status: 'succeeded', ...(reference ? { reference } : {}), updated_at: new Date() })
    .where(and(eq(refunds.id, refundId), ne(refunds.status, 'succeeded')))
    .returning({ ...REFUND_RECORD, payment_id: refunds.payment_id });
  if (!refund) return;
  const [payment] = await tx.select(PAYMENT_RECORD).from(payments).where(eq(payments.id, refund.payment_id));
  if (!payment) throw new Error(`refund ${refundId} of a missing payment`);
  const refunded = handlersOf(payment.kind).refunded;
  if (!refunded) throw new Error(`${payment.kind} payments take no refunds`);
  const notice = await refunded(tx, payment, refund);
  if (notice) await queueDelivery(ctx.jobs, tx, await insertReceipt(tx, notice));
}

/**
 * Gives back all or part of a payment received. With the payment locked, it refuses a
 * payment not received, more than is left of it once its other refunds are counted, and a
 * card refund of money that did not come by card; then writes the refund and the history
 * row. A refund by hand (a check sent) succeeds there and then. A card refund is asked of
 * the gateway after that transaction, under the refund's own key (asked twice, it is made
 * once): succeeded, it counts; refused, it is marked failed with the gateway's words; the
 * gateway out of reach, it stays pending, holding its amount, for the reconciliation to ask
 * again with the same key.
 */
export async function refundPayment(ctx: AppContext, input: RefundInput): Promise<RefundOutcome> {
  const asked = await ctx.db.transaction(async (tx) => {
    const reserved = await reserveRefund(tx, input);
    if (input.method !== 'card') await markRefundSucceeded(ctx, tx, reserved.refundId, null);
    return reserved;
  });
  if (input.method !== 'card') return { refundId: asked.refundId, status: 'succeeded' };
  if (!asked.checkoutRef) throw conflict(MSG.adminRefundNotReceived);
  return askGateway(ctx, asked.refundId, asked.checkoutRef, input.amountCents);
}

/**
 * Money given back by staff's own hand inside the caller's transaction (a credit moved to
 * another record of the payer's): reserved and counted at once.
 */
export async function refundWithin(ctx: AppContext, tx: Executor, input: RefundInput): Promise<number> {
  if (input.method === 'card') throw new Error('a card refund asks the gateway outside any transaction');
  const { refundId } = await reserveRefund(tx, input);
  await markRefundSucceeded(ctx, tx, refundId, null);
  return refundId;
}

/**
 * With the payment locked, refuses a payment not received, another record's payment, a card
 * refund of money that did not come by card, and more than is left of it; then writes the
 * refund, pending, and its history row.
 */
async function reserveRefund(tx: Executor, input: RefundInput) {
  const kindTakesRefunds = (payment: PaymentRecord) => handlersOf(payment.kind).refunded !== undefined;
  const [payment] = await tx
    .select({ ...PAYMENT_RECORD, status: payments.status })
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for('update');
  if (!payment || !(await input.belongsTo(tx, payment)) || !kindTakesRefunds(payment)) {
    throw notFound(MSG.adminRefundPaymentNotFound);
  }
  if (payment.status !== 'succeeded') throw conflict(MSG.adminRefundNotReceived);
  if (input.method === 'card' && (recordedByStaff(payment.gateway) || payment.gateway !== input.gatewayName)) {
    throw fieldError('method', MSG.adminRefundCardOnlyForCard);
  }
  // A payment of sponsorships is refunded share by share: a bulk payment paid several.
  const left = await leftOf(tx, payment, input.sponsorshipId);
  if (left === undefined) throw notFound(MSG.adminRefundPaymentNotFound);
  if (input.amountCents > left) throw fieldError('amount', refundAmountTooHigh(centsToDecimal(Math.max(0, left))));
  const [refund] = await tx
    .insert(refunds)
    .values({
      payment_id: payment.id,
      sponsorship_id: payment.kind === 'order' ? null : (input.sponsorshipId ?? null),
      amount_cents: input.amountCents,
      method: input.method,
      reference: input.method === 'card' ? null : input.reference,
      reason: input.reason,
      created_by: input.audit.actorId,
    })
    .returning({ id: refunds.id });
  if (!refund) throw new Error('refund insert returned no row');
  await recordChange(tx, {
    actorId: input.audit.actorId,
    action: input.method === 'credit' ? 'credit-applied' : 'refund',
    entity: input.audit.entity,
    entityId: input.audit.entityId,
    before: null,
    after: {
      payment_id: payment.id,
      amount_cents: input.amountCents,
      method: input.method,
      ...(input.method === 'card' ? {} : { reference: input.reference }),
      reason: input.reason,
    },
    ip: input.audit.ip,
  });
  return { refundId: refund.id, checkoutRef: payment.gateway_ref };
}

/**
 * What is left to refund of a locked payment, or of one sponsorship's share of it (required
 * for a payment of sponsorships); undefined when that sponsorship has no share of it.
 */
async function leftOf(tx: Executor, payment: PaymentRecord & { status: string }, sponsorshipId: number | undefined) {
  const share =
    payment.kind === 'order' || sponsorshipId === undefined ? undefined : await shareOf(tx, payment.id, sponsorshipId);
  if (payment.kind !== 'order' && share === undefined) return undefined;
  return leftToRefund(
    { ...payment, ...(share === undefined ? {} : { amount_cents: share, sponsorship_id: sponsorshipId }) },
    await refundsOf(tx, { paymentId: payment.id }),
  );
}

/** Why money went back that the gateway gave without this product asking. */
export interface GatewayRefundInput {
  paymentId: number;
  amountCents: number;
  /** The gateway's reference of the refund (or of the dispute lost): the same word twice records it once. */
  reference: string;
  reason: string;
}

/**
 * Money the gateway gave back of a payment without this product asking (a refund at its own
 * dashboard, a dispute lost): recorded as the payment's card refunds and counted at once, in
 * the caller's transaction, with the payment locked; the history's actor is the system. A
 * payment of sponsorships gives it back share by share, each up to what is left of it.
 * Answers the refunds written (none when that reference is recorded already) and what could
 * not be recorded because the payment had no more left (already given back by other means).
 */
export async function recordRefundAtGateway(
  ctx: AppContext,
  tx: Executor,
  input: GatewayRefundInput,
): Promise<{ refundIds: number[]; unrecordedCents: number }> {
  const [payment] = await tx
    .select({ ...PAYMENT_RECORD, status: payments.status, order_id: payments.order_id })
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for('update');
  if (payment?.status !== 'succeeded') return { refundIds: [], unrecordedCents: input.amountCents };
  const known = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.payment_id, payment.id), eq(refunds.reference, input.reference)));
  if (known.length > 0) return { refundIds: [], unrecordedCents: 0 };
  const shares = (await recordsPaidBy(tx, payment)).map((r) => ({
    ...r,
    sponsorshipId: r.entity === 'sponsorship' ? r.id : undefined,
  }));
  const refundIds: number[] = [];
  let rest = input.amountCents;
  for (const share of shares) {
    const take = Math.min(rest, Math.max(0, (await leftOf(tx, payment, share.sponsorshipId)) ?? 0));
    if (take <= 0) continue;
    const { refundId } = await reserveRefund(tx, {
      paymentId: payment.id,
      ...(share.sponsorshipId === undefined ? {} : { sponsorshipId: share.sponsorshipId }),
      belongsTo: async () => true,
      amountCents: take,
      method: 'card',
      gatewayName: payment.gateway,
      reference: input.reference,
      reason: input.reason,
      audit: { actorId: null, entity: share.entity, entityId: share.id },
    });
    await markRefundSucceeded(ctx, tx, refundId, input.reference);
    refundIds.push(refundId);
    rest -= take;
  }
  return { refundIds, unrecordedCents: rest };
}

/** The gateway's answer, recorded: succeeded counts, failed is marked with its words, pending waits. */
async function settleRefund(ctx: AppContext, refundId: number, result: RefundResult): Promise<void> {
  if (result.status === 'succeeded') {
    await ctx.db.transaction((tx) => markRefundSucceeded(ctx, tx, refundId, result.ref));
  } else if (result.status === 'failed') {
    await ctx.db
      .update(refunds)
      .set({ status: 'failed', failure: result.failure ?? 'refused', updated_at: new Date() })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
  } else if (result.ref) {
    await ctx.db.update(refunds).set({ reference: result.ref, updated_at: new Date() }).where(eq(refunds.id, refundId));
  }
}

/** The refund's key at the gateway: stable for the row, so that asking again never refunds twice. */
const refundKeyOf = (refundId: number) => `refund-${refundId}`;

/**
 * The gateway's later word on one of our refunds (Stripe's refund.updated): recorded as the
 * answer to asking would be, once. False when the key is none of ours.
 */
export async function settleRefundByKey(ctx: AppContext, refundKey: string, result: RefundResult): Promise<boolean> {
  const id = /^refund-(\d+)$/.exec(refundKey)?.[1];
  if (!id) return false;
  const [refund] = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.id, Number(id)));
  if (!refund) return false;
  await settleRefund(ctx, refund.id, result);
  return true;
}

async function askGateway(ctx: AppContext, refundId: number, checkoutRef: string, amountCents: number) {
  let result: RefundResult;
  try {
    result = await ctx.gateway.refund({ checkoutRef, amountCents, refundKey: refundKeyOf(refundId) });
  } catch (error) {
    ctx.log.warn({ refundId, err: error }, 'the payment gateway could not be asked for a refund; it stays pending');
    throw new AppError(503, MSG.adminRefundGatewayDown);
  }
  await settleRefund(ctx, refundId, result);
  if (result.status === 'failed') throw conflict(refundRefused(result.failure ?? 'no reason given'));
  return { refundId, status: result.status } as const;
}

/**
 * Asks the gateway again about card refunds left pending (the gateway was out of reach, or
 * the card's bank had not answered), each under its own key, BACKGROUND_STEP read at a time:
 * run by the payments' reconciliation.
 */
export async function reconcileRefunds(ctx: AppContext): Promise<number> {
  const pendingAfter = (afterId: number, size: number) =>
    ctx.db
      .select({ id: refunds.id, amount: refunds.amount_cents, ref: payments.gateway_ref })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.payment_id))
      .where(
        and(
          eq(refunds.status, 'pending'),
          eq(refunds.method, 'card'),
          eq(payments.gateway, ctx.gateway.name),
          gt(refunds.id, afterId),
        ),
      )
      .orderBy(asc(refunds.id))
      .limit(size);
  let settled = 0;
  for await (const step of stepsById(pendingAfter, BACKGROUND_STEP)) {
    for (const refund of step) {
      if (!refund.ref) continue;
      let result: RefundResult;
      try {
        result = await ctx.gateway.refund({
          checkoutRef: refund.ref,
          amountCents: refund.amount,
          refundKey: refundKeyOf(refund.id),
        });
      } catch {
        // Out of reach still: asked again next run.
        return settled;
      }
      await settleRefund(ctx, refund.id, result);
      if (result.status !== 'pending') settled++;
    }
  }
  return settled;
}
