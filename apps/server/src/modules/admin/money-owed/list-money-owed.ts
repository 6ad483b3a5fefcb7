import {
  ageingBucket,
  type MoneyOwedKind,
  type TAdminMoneyOwedResponse,
  type TMoneyOwedRow,
} from '@portal/contracts/admin-money-owed';
import { BUSINESS_TIME_ZONE } from '@portal/contracts/business-time';
import { invoiceLabel } from '@portal/contracts/invoices';
import { formatMoney } from '@portal/contracts/money';
import { isPayable } from '@portal/contracts/order-rules';
import { and, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.ts';
import { audit_log, invoices, orders, schools, sponsors, sponsorships, users } from '../../../db/schema/index.ts';
import { isoDay } from '../../../lib/dates.ts';

/** Days from issue (an invoice) or approval (a sponsorship) until payment is due (spec §9). */
export const PAYMENT_TERM_DAYS = 30;

const DAY_MS = 86_400_000;
/** The term as SQL text: a constant, not a parameter, so that date + integer needs no cast. */
const TERM = sql.raw(String(PAYMENT_TERM_DAYS));

/** A line of what is owed, with the ids a reminder needs. */
export type MoneyOwedLine = TMoneyOwedRow & { user_id: number };

export interface MoneyOwedFilter {
  /** The day the ages are counted from. */
  today: Date;
  /** A sales rep's id: only their own sponsors' sponsorships, and no school orders. */
  repId?: number | undefined;
  kind?: MoneyOwedKind | undefined;
}

const rep = alias(users, 'rep');

/** A timestamp's day in Tampa (the business's days) plus the payment term, as YYYY-MM-DD. */
const dueDay = (from: ReturnType<typeof sql>) =>
  sql<string>`to_char(((${from}) at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date + ${TERM}, 'YYYY-MM-DD')`;

/**
 * Approved sponsorships with something left to pay. Due 30 days after staff approved it
 * (its audit row), or after it was created when it was never approved in the back office
 * (set up as approved).
 */
async function owedSponsorships(db: Executor, repId: number | undefined) {
  const approvedAt = sql`(select min(${audit_log.created_at}) from ${audit_log} where ${audit_log.entity} = 'sponsorship' and ${audit_log.action} = 'approve' and ${audit_log.entity_id} = ${sponsorships.id}::text)`;
  return db
    .select({
      id: sponsorships.id,
      user_id: sponsorships.sponsor_user_id,
      name: sponsors.business_name,
      email: users.email,
      rep_first: rep.first_name,
      rep_last: rep.last_name,
      total: sponsorships.total_cents,
      paid: sponsorships.paid_cents,
      due: dueDay(sql`coalesce(${approvedAt}, ${sponsorships.created_at})`),
    })
    .from(sponsorships)
    .innerJoin(users, eq(users.id, sponsorships.sponsor_user_id))
    .leftJoin(sponsors, eq(sponsors.user_id, sponsorships.sponsor_user_id))
    .leftJoin(rep, eq(rep.id, sponsors.srep_id))
    .where(
      and(
        inArray(sponsorships.status, ['Approved', 'Partial']),
        gt(sponsorships.total_cents, sponsorships.paid_cents),
        repId === undefined ? undefined : eq(sponsors.srep_id, repId),
      ),
    );
}

/**
 * Invoiced orders with a balance (isPayable, the one rule of what an order owes). Due on
 * the due date of its first invoice (issue + 30 days), or 30 days after it was placed when
 * no invoice row records the issue.
 */
async function owedOrders(db: Executor) {
  const firstInvoiceDue = sql`(select coalesce(min(${invoices.due_date}), min(${invoices.issue_date}) + ${TERM}) from ${invoices} where ${invoices.order_id} = ${orders.id} and ${invoices.kind} = 'invoice')`;
  const rows = await db
    .select({
      order: {
        id: orders.id,
        status: orders.status,
        payment_method: orders.payment_method,
        payment_status: orders.payment_status,
        total_cents: orders.total_cents,
        received_cents: orders.received_cents,
        refunded_cents: orders.refunded_cents,
        invoice_number: orders.invoice_number,
      },
      user_id: orders.school_user_id,
      name: schools.school_name,
      email: users.email,
      paid: sql<number>`${orders.received_cents} - ${orders.refunded_cents}`.mapWith(Number),
      due: sql<string>`coalesce(to_char(${firstInvoiceDue}, 'YYYY-MM-DD'), ${dueDay(sql`coalesce(${orders.placed_at}, ${orders.created_at})`)})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.school_user_id))
    .leftJoin(schools, eq(schools.user_id, orders.school_user_id))
    .where(and(isNotNull(orders.invoice_number), eq(orders.payment_status, 'unpaid'), ne(orders.status, 'Cancelled')));
  return rows.filter((r) => isPayable(r.order));
}

function line(
  today: string,
  base: Omit<MoneyOwedLine, 'days_overdue' | 'bucket' | 'balance' | 'balance_html'>,
): MoneyOwedLine {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${base.due_date}T00:00:00Z`)) / DAY_MS);
  const balance = Math.max(0, base.total - base.paid);
  return { ...base, days_overdue: days, bucket: ageingBucket(days), balance, balance_html: formatMoney(balance) };
}

/**
 * What sponsors and invoiced schools owe on `today`, each line aged by days past its due
 * date, most overdue first, with the totals of each band. The one query of money owed: the
 * report, its CSV and the reminders all read it.
 */
export async function listMoneyOwed(
  db: Executor,
  filter: MoneyOwedFilter,
): Promise<Omit<TAdminMoneyOwedResponse, 'rows'> & { rows: MoneyOwedLine[] }> {
  const today = isoDay(filter.today);
  const rows: MoneyOwedLine[] = [];
  if (filter.kind !== 'order') {
    for (const s of await owedSponsorships(db, filter.repId)) {
      rows.push(
        line(today, {
          kind: 'sponsorship',
          record_id: s.id,
          user_id: s.user_id,
          name: s.name || s.email,
          email: s.email,
          rep_name: [s.rep_first, s.rep_last].filter(Boolean).join(' '),
          invoice: '',
          due_date: s.due,
          total: s.total,
          paid: s.paid,
        }),
      );
    }
  }
  // A sales rep looks after sponsors, not schools: orders are the administrators'.
  if (filter.kind !== 'sponsorship' && filter.repId === undefined) {
    for (const o of await owedOrders(db)) {
      rows.push(
        line(today, {
          kind: 'order',
          record_id: o.order.id,
          user_id: o.user_id,
          name: o.name || o.email,
          email: o.email,
          rep_name: '',
          invoice: o.order.invoice_number ? invoiceLabel('invoice', o.order.invoice_number) : '',
          due_date: o.due,
          total: o.order.total_cents,
          paid: o.paid,
        }),
      );
    }
  }
  rows.sort((a, b) => b.days_overdue - a.days_overdue || a.kind.localeCompare(b.kind) || a.record_id - b.record_id);
  const totals = { current: 0, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0, all: 0 };
  for (const r of rows) {
    totals[r.bucket] += r.balance;
    totals.all += r.balance;
  }
  return { status: 'success', message: 'ok', today, rows, totals };
}
