import { MSG, refundRefused } from '@portal/contracts/messages';
import type {
  PaymentProblemKind,
  PaymentProblemResolution,
  TPaymentProblemRow,
} from '@portal/contracts/payment-problems';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { audit_log, payment_allocations, payments, schools, sponsors, users } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { queueDelivery } from '../mail/queue-mail.ts';
import { gatewayUnavailable, isCheckViolation, markPaymentSucceeded } from './confirm-payment.ts';
import type { CheckoutState, RefundResult } from './gateway.ts';
import { PAYMENT_RECORD } from './insert-payment.ts';
import { PAYER_COLUMNS, PAYER_JOINS, paidRecordsOf, payerOf, recordsPaidBy } from './paid-records.ts';
import { handlersOf } from './payment-kinds.ts';
import { PAYMENT_PROBLEMS, withProblemNote } from './report-payment-problem.ts';

/** The audit log's name for a note, as the screens name the problem. */
const PROBLEM_OF: Record<(typeof PAYMENT_PROBLEMS)[number], PaymentProblemKind> = {
  'payment-amount-mismatch': 'amount-mismatch',
  'payment-unrecordable': 'unrecordable',
};

const note = alias(audit_log, 'problem_note');

/**
 * A payment awaiting a decision: noted for staff, never counted, and not resolved (a refund
 * asked for but not seen through, the server stopped meanwhile, is awaiting it still).
 */
const awaitingDecision = and(
  or(isNull(payments.problem_resolution), eq(payments.problem_resolution, 'refunding')),
  ne(payments.status, 'succeeded'),
);

/**
 * Every problem payment awaiting a decision, oldest note first, with who paid, what it pays
 * and what the gateway said.
 */
export async function listPaymentProblems(db: Executor): Promise<TPaymentProblemRow[]> {
  const rows = await db
    .select({
      payment_id: payments.id,
      kind: payments.kind,
      order_id: payments.order_id,
      action: note.action,
      changes: note.changes,
      noted_at: note.created_at,
      amount_cents: payments.amount_cents,
      gateway: payments.gateway,
      gateway_ref: payments.gateway_ref,
      started_at: payments.created_at,
      ...PAYER_COLUMNS,
    })
    .from(payments)
    .innerJoin(
      note,
      and(
        eq(note.entity, 'payment'),
        eq(note.entity_id, sql`${payments.id}::text`),
        inArray(note.action, [...PAYMENT_PROBLEMS]),
      ),
    )
    .innerJoin(users, PAYER_JOINS.users)
    .leftJoin(schools, PAYER_JOINS.schools)
    .leftJoin(sponsors, PAYER_JOINS.sponsors)
    .where(awaitingDecision)
    .orderBy(asc(note.created_at), asc(payments.id));
  const paid = await paidRecordsOf(db, rows);
  // A payment noted twice (another amount, then refused) is listed once, by its first note.
  const seen = new Set<number>();
  return rows.flatMap((r) => {
    if (seen.has(r.payment_id)) return [];
    seen.add(r.payment_id);
    const changes = (r.changes ?? {}) as { gateway_amount_cents?: unknown };
    return [
      {
        payment_id: r.payment_id,
        problem: PROBLEM_OF[r.action as keyof typeof PROBLEM_OF],
        payer: payerOf(r),
        payer_email: r.email,
        pays: paid.get(r.payment_id) ?? [],
        amount_cents: r.amount_cents,
        gateway_amount_cents: typeof changes.gateway_amount_cents === 'number' ? changes.gateway_amount_cents : null,
        gateway: r.gateway,
        gateway_ref: r.gateway_ref,
        started_at: r.started_at.toISOString(),
        noted_at: r.noted_at.toISOString(),
      },
    ];
  });
}

export interface Resolution {
  paymentId: number;
  resolution: PaymentProblemResolution;
  note: string;
  actorId: number;
  ip?: string | undefined;
}

/**
 * The problem payment, locked; refused (409) when it is not awaiting a decision any more, or
 * when its refund is being asked for and the decision is not that refund.
 */
async function lockProblem(tx: Executor, paymentId: number, refunding = false) {
  const [payment] = await tx
    .select({ ...PAYMENT_RECORD, status: payments.status, order_id: payments.order_id })
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        ne(payments.status, 'succeeded'),
        refunding ? awaitingDecision : isNull(payments.problem_resolution),
        withProblemNote,
      ),
    )
    .for('update');
  if (!payment) throw conflict(MSG.paymentProblemNotFound);
  return payment;
}

/** The gateway's word on the payment's checkout now; refused when it was taken by another gateway. */
async function askGateway(ctx: AppContext, payment: { gateway: string; gateway_ref: string | null }) {
  if (payment.gateway !== ctx.gateway.name || !payment.gateway_ref) throw conflict(MSG.paymentProblemOtherGateway);
  let state: CheckoutState;
  try {
    state = await ctx.gateway.retrieve(payment.gateway_ref);
  } catch (error) {
    throw gatewayUnavailable(error);
  }
  if (state.status !== 'paid') throw conflict(MSG.paymentProblemNotPaid);
  return { ref: payment.gateway_ref, amountCents: state.amountCents };
}

/** The resolution's history: on the payment, and on each record it pays. */
async function recordResolution(
  tx: Executor,
  input: Resolution,
  payment: { id: number; kind: string; order_id: number | null },
  after: Record<string, unknown>,
) {
  const change = { ...after, resolution: input.resolution, note: input.note };
  await recordChange(tx, {
    actorId: input.actorId,
    action: 'payment-problem-resolved',
    entity: 'payment',
    entityId: payment.id,
    before: null,
    after: change,
    ip: input.ip,
  });
  const paid = await recordsPaidBy(tx, payment);
  for (const record of paid) {
    await recordChange(tx, {
      actorId: input.actorId,
      action: 'payment-problem-resolved',
      entity: record.entity,
      entityId: record.id,
      before: null,
      after: { payment_id: payment.id, ...change },
      ip: input.ip,
    });
  }
}

/**
 * An administrator's decision on a problem payment, made once (a second one, or one on a
 * payment no longer awaiting it, is refused):
 * - 'record' asks the gateway again and counts the payment at the amount it took (a single
 *   record's payment only when the amounts differ); what it pays may refuse it (a sponsorship
 *   paid beyond its total), and then nothing changes;
 * - 'refund' asks the gateway again and gives all it took back to the card, under the
 *   payment's own key (asked twice, refunded once); the payment then counts for nothing;
 * - 'fail' takes staff's word, with their note, that the money never came or went back elsewhere.
 * 'refund' and 'fail' mark the payment failed, releasing what it held in flight; every
 * decision is kept with its note in the payment's and its records' history.
 */
export async function resolvePaymentProblem(ctx: AppContext, input: Resolution): Promise<{ amountCents: number }> {
  if (input.resolution === 'record') return recordProblem(ctx, input);
  if (input.resolution === 'refund') return refundProblem(ctx, input);
  await ctx.db.transaction(async (tx) => {
    const payment = await lockProblem(tx, input.paymentId);
    await closeUncounted(tx, payment, 'fail');
    await recordResolution(tx, input, payment, { amount_cents: 0 });
  });
  return { amountCents: 0 };
}

type ProblemPayment = Awaited<ReturnType<typeof lockProblem>>;

/** Marks the payment resolved without counting it: failed, and what it pays hears it will not come. */
async function closeUncounted(tx: Executor, payment: ProblemPayment, resolution: 'refund' | 'fail') {
  await tx
    .update(payments)
    .set({ status: 'failed', problem_resolution: resolution, updated_at: new Date() })
    .where(eq(payments.id, payment.id));
  if (payment.status === 'pending') await handlersOf(payment.kind).failed(tx, payment);
}

async function recordProblem(ctx: AppContext, input: Resolution) {
  const [first] = await ctx.db
    .select(PAYMENT_RECORD)
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), isNull(payments.problem_resolution)));
  if (!first) throw conflict(MSG.paymentProblemNotFound);
  const paid = await askGateway(ctx, first);
  try {
    await ctx.db.transaction(async (tx) => {
      const payment = await lockProblem(tx, input.paymentId);
      if (paid.amountCents !== payment.amount_cents) {
        if (payment.kind === 'bulk') throw conflict(MSG.paymentProblemSplitAmount);
        await tx.update(payments).set({ amount_cents: paid.amountCents }).where(eq(payments.id, payment.id));
        if (payment.kind === 'sponsorship') {
          await tx
            .update(payment_allocations)
            .set({ amount_cents: paid.amountCents })
            .where(eq(payment_allocations.payment_id, payment.id));
        }
      }
      await tx.update(payments).set({ problem_resolution: 'record' }).where(eq(payments.id, payment.id));
      const mailId = await markPaymentSucceeded(tx, payment.id);
      if (mailId !== undefined) await queueDelivery(ctx.jobs, tx, mailId);
      await recordResolution(tx, input, payment, {
        amount_cents: paid.amountCents,
        asked_cents: payment.amount_cents,
      });
    });
  } catch (error) {
    if (isCheckViolation(error)) throw conflict(MSG.paymentProblemOverpays);
    throw error;
  }
  ctx.feed.touch('sponsorships');
  return { amountCents: paid.amountCents };
}

/**
 * The refund is claimed first ('refunding', in its own transaction), so that no other
 * decision and no word from the gateway can count the payment while its money goes back;
 * the gateway refusing it or out of reach gives the decision back to staff.
 */
async function refundProblem(ctx: AppContext, input: Resolution) {
  const claimed = await ctx.db.transaction(async (tx) => {
    const payment = await lockProblem(tx, input.paymentId, true);
    await tx.update(payments).set({ problem_resolution: 'refunding' }).where(eq(payments.id, payment.id));
    return payment;
  });
  const release = () =>
    ctx.db
      .update(payments)
      .set({ problem_resolution: null })
      .where(and(eq(payments.id, claimed.id), eq(payments.problem_resolution, 'refunding')));
  let paid: Awaited<ReturnType<typeof askGateway>>;
  let result: RefundResult;
  try {
    paid = await askGateway(ctx, claimed);
    result = await ctx.gateway.refund({
      checkoutRef: paid.ref,
      amountCents: paid.amountCents,
      refundKey: `payment-problem-${claimed.id}`,
    });
  } catch (error) {
    await release();
    if (error instanceof AppError) throw error;
    ctx.log.warn({ paymentId: claimed.id, err: error }, 'the payment gateway could not be asked for a refund');
    throw new AppError(503, MSG.adminRefundGatewayDown);
  }
  if (result.status === 'failed') {
    await release();
    throw conflict(refundRefused(result.failure ?? 'no reason given'));
  }
  await ctx.db.transaction(async (tx) => {
    const payment = await lockProblem(tx, input.paymentId, true);
    await closeUncounted(tx, payment, 'refund');
    await recordResolution(tx, input, payment, {
      amount_cents: paid.amountCents,
      refund_ref: result.ref,
      refund_status: result.status,
    });
  });
  ctx.feed.touch('sponsorships');
  return { amountCents: paid.amountCents };
}
