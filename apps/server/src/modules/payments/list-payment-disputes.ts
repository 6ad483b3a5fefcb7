import { disputeReasonLabel, type TPaymentDisputeRow } from '@portal/contracts/payment-problems';
import { asc, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payment_disputes, payments, schools, sponsors, users } from '../../db/schema/index.ts';
import { PAYER_COLUMNS, PAYER_JOINS, paidRecordsOf, payerOf } from './paid-records.ts';

/** How long a decided dispute stays on the list. */
const DECIDED_SHOWN_DAYS = 90;
/** The most the list shows: disputes are few; this bounds a bad year. */
const LIST_LIMIT = 500;

/**
 * Card disputes for staff: open ones first, soonest answer first, then those decided in the
 * last 90 days, latest first; with who paid and what the payment pays.
 */
export async function listPaymentDisputes(db: Executor, now: Date): Promise<TPaymentDisputeRow[]> {
  const since = new Date(now.getTime() - DECIDED_SHOWN_DAYS * 86_400_000);
  const rows = await db
    .select({
      id: payment_disputes.id,
      payment_id: payment_disputes.payment_id,
      status: payment_disputes.status,
      amount_cents: payment_disputes.amount_cents,
      reason: payment_disputes.reason,
      respond_by: payment_disputes.respond_by,
      gateway_ref: payment_disputes.gateway_ref,
      opened_at: payment_disputes.created_at,
      updated_at: payment_disputes.updated_at,
      kind: payments.kind,
      order_id: payments.order_id,
      gateway: payments.gateway,
      ...PAYER_COLUMNS,
    })
    .from(payment_disputes)
    .innerJoin(payments, eq(payments.id, payment_disputes.payment_id))
    .innerJoin(users, PAYER_JOINS.users)
    .leftJoin(schools, PAYER_JOINS.schools)
    .leftJoin(sponsors, PAYER_JOINS.sponsors)
    .where(or(eq(payment_disputes.status, 'open'), gte(payment_disputes.updated_at, since)))
    .orderBy(
      sql`${payment_disputes.status} <> 'open'`,
      sql`case when ${payment_disputes.status} = 'open' then ${payment_disputes.respond_by} end asc nulls last`,
      desc(payment_disputes.updated_at),
      asc(payment_disputes.id),
    )
    .limit(LIST_LIMIT);
  const paid = await paidRecordsOf(db, rows);
  return rows.map((r) => ({
    id: r.id,
    payment_id: r.payment_id,
    status: r.status,
    amount_cents: r.amount_cents,
    reason: disputeReasonLabel(r.reason),
    respond_by: r.respond_by?.toISOString() ?? null,
    payer: payerOf(r),
    payer_email: r.email,
    pays: paid.get(r.payment_id) ?? [],
    gateway: r.gateway,
    gateway_ref: r.gateway_ref,
    opened_at: r.opened_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

/** Disputes still open at the gateway: the start page's figure. */
export async function countOpenDisputes(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payment_disputes)
    .where(eq(payment_disputes.status, 'open'));
  return row?.n ?? 0;
}
