import { MSG } from '@portal/contracts/messages';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database, Executor } from '../../db/client.ts';
import { audit_log, payments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { queueDelivery } from '../mail/queue-mail.ts';
import type { CheckoutState, CheckoutStatus } from './gateway.ts';
import { PAYMENT_RECORD } from './insert-payment.ts';
import { handlersOf, recordedByStaff } from './payment-kinds.ts';
import { insertReceipt } from './payment-receipt.ts';
import { reportAmountMismatch } from './report-payment-problem.ts';

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

type PaymentRow = Pick<
  typeof payments.$inferSelect,
  'id' | 'kind' | 'user_id' | 'amount_cents' | 'gateway' | 'gateway_ref' | 'status'
>;

/** A gateway out of reach or too slow (503): the payer may try again; the cause is logged, never shown. */
export class GatewayUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(503, MSG.paymentGatewayUnavailable);
    this.cause = cause;
  }
}

export function gatewayUnavailable(cause: unknown): AppError {
  return new GatewayUnavailableError(cause);
}

/**
 * A payment that will not be paid: only from pending, so that a confirmed one is never
 * undone; what it pays hears of it in the same transaction (a sponsorship lists the attempt).
 */
export async function markPaymentFailed(db: Database, paymentId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning(PAYMENT_RECORD);
    if (!failed) return false;
    await handlersOf(failed.kind).failed(tx, failed);
    await recordChange(tx, {
      actorId: null,
      action: 'payment-failed',
      entity: 'payment',
      entityId: failed.id,
      before: null,
      after: { kind: failed.kind, amount_cents: failed.amount_cents, gateway: failed.gateway },
    });
    return true;
  });
}

/** A constraint of what is paid refused the confirmation (a sponsorship would be paid beyond its total). */
export function isCheckViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23514' || e?.cause?.code === '23514';
}

/** Leaves staff a note, once, of money the gateway took that could not be recorded (a refund or a correction is theirs). */
async function noteUnrecordable(ctx: AppContext, payment: PaymentRow): Promise<void> {
  const entity = { entity: 'payment', entity_id: String(payment.id), action: 'payment-unrecordable' };
  const [noted] = await ctx.db
    .select({ id: audit_log.id })
    .from(audit_log)
    .where(
      and(
        eq(audit_log.entity, entity.entity),
        eq(audit_log.entity_id, entity.entity_id),
        eq(audit_log.action, entity.action),
      ),
    );
  if (noted) return;
  await ctx.db.insert(audit_log).values({
    ...entity,
    actor_user_id: payment.user_id,
    changes: { amount_cents: payment.amount_cents, gateway_ref: payment.gateway_ref, kind: payment.kind },
  });
}

/**
 * Marks a payment succeeded inside the caller's transaction, once: only the first call changes
 * the row, and only then does what it pays hear of it and its receipt get written to the
 * outbox. Answers the receipt's outbox id, for the caller to queue its delivery in the same
 * transaction. `confirmedAt` is when the money came (an offline payment's date received); now
 * when left out.
 */
export async function markPaymentSucceeded(
  tx: Executor,
  paymentId: number,
  confirmedAt?: Date,
): Promise<number | undefined> {
  const [confirmed] = await tx
    .update(payments)
    .set({ status: 'succeeded', confirmed_at: confirmedAt ?? sql`now()` })
    .where(and(eq(payments.id, paymentId), ne(payments.status, 'succeeded')))
    .returning(PAYMENT_RECORD);
  if (!confirmed) return undefined;
  // A payment the gateway confirmed is the payer's change; one staff record by hand is theirs, written by them.
  if (!recordedByStaff(confirmed.gateway)) {
    await recordChange(tx, {
      actorId: confirmed.user_id,
      action: 'paid',
      entity: 'payment',
      entityId: confirmed.id,
      before: null,
      after: { kind: confirmed.kind, amount_cents: confirmed.amount_cents, gateway: confirmed.gateway },
    });
  }
  const receipt = await handlersOf(confirmed.kind).paid(tx, confirmed);
  return receipt ? insertReceipt(tx, receipt) : undefined;
}

/**
 * Records a payment the gateway says was made, once: the update that marks it succeeded
 * changes a row only the first time, and only then does what it pays hear of it and the
 * receipt get written, all in one transaction. A failed payment may still succeed here: if
 * the gateway took the money (a payer who paid as the checkout was being closed), it counts.
 * Answers false when what it pays refused it (it changed since the payment started): the
 * payment then stays as it was, for staff to look at, and nothing of it is recorded.
 */
async function recordSucceeded(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  try {
    await ctx.db.transaction(async (tx) => {
      const mailId = await markPaymentSucceeded(tx, payment.id);
      if (mailId !== undefined) await queueDelivery(ctx.jobs, tx, mailId);
    });
  } catch (error) {
    if (!isCheckViolation(error)) throw error;
    await noteUnrecordable(ctx, payment);
    return false;
  }
  return true;
}

export interface Settled {
  status: PaymentStatus;
  /** The gateway's word on the checkout, when it was asked. */
  checkout?: CheckoutStatus;
}

/**
 * Settles a payment with the gateway's own word, never the browser's (D13): paid for the
 * right amount records it (once, however often the return page, the webhook or a replay
 * asks); declined or expired marks it failed and leaves the order payable; open leaves it
 * pending. Answers the payment's status afterwards, and what the gateway said.
 */
export async function settlePayment(ctx: AppContext, paymentKey: string): Promise<Settled> {
  const [payment] = await ctx.db
    .select({
      id: payments.id,
      kind: payments.kind,
      user_id: payments.user_id,
      amount_cents: payments.amount_cents,
      gateway: payments.gateway,
      gateway_ref: payments.gateway_ref,
      status: payments.status,
      problem_resolution: payments.problem_resolution,
    })
    .from(payments)
    .where(eq(payments.payment_key, paymentKey));
  if (!payment) throw notFound();
  if (payment.status === 'succeeded') return { status: 'succeeded', checkout: 'paid' };
  // A problem payment an administrator resolved is theirs: money refunded must not count after all.
  if (payment.problem_resolution) return { status: payment.status };
  // Never started, or taken by a gateway this server no longer uses: nothing to ask.
  if (!payment.gateway_ref || payment.gateway !== ctx.gateway.name) return { status: payment.status };

  let state: CheckoutState;
  try {
    state = await ctx.gateway.retrieve(payment.gateway_ref);
  } catch (error) {
    throw gatewayUnavailable(error);
  }
  if (state.status === 'paid') {
    // An amount other than the one asked for is not this payment: nothing is recorded, it
    // stays as it was and staff are told (decision 025).
    if (state.amountCents !== payment.amount_cents) {
      await reportAmountMismatch(ctx, payment, state.amountCents);
      return { status: payment.status };
    }
    if (!(await recordSucceeded(ctx, payment))) return { status: payment.status, checkout: 'paid' };
    return { status: 'succeeded', checkout: 'paid' };
  }
  if (state.status === 'declined' || state.status === 'expired') {
    await markPaymentFailed(ctx.db, payment.id);
    return { status: 'failed', checkout: state.status };
  }
  return { status: payment.status, checkout: state.status };
}

/** settlePayment, for callers that need only the payment's status. */
export async function confirmPayment(ctx: AppContext, paymentKey: string): Promise<PaymentStatus> {
  return (await settlePayment(ctx, paymentKey)).status;
}
