import {
  AGEING_BUCKETS,
  type AgeingBucket,
  type MoneyOwedKind,
  type TAdminMoneyOwedResponse,
  type TMoneyOwedRow,
} from '@portal/contracts/admin-money-owed';
import { invoiceLabel } from '@portal/contracts/invoices';
import { formatMoney } from '@portal/contracts/money';
import { PAYMENT_TERM_DAYS } from '@portal/contracts/payment-terms';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import QueryStream from 'pg-query-stream';
import type { Database, Executor } from '../../../db/client.ts';
import { isoDay } from '../../../lib/dates.ts';

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
  /** One band of days past due. */
  bucket?: AgeingBucket | undefined;
}

/**
 * Every open item, one row each: each invoice of an order with what is still owed on it,
 * and each approved sponsorship with its balance (a sponsorship is billed once, on approval).
 *
 * An order's invoices are paid oldest due first by what the order holds (received less
 * refunded) and by what its credit notes credited, so that each invoice ages from its own
 * due date and an invoice for tax added later is owed, and reminded of, on its own terms.
 * The open amounts of an order add up to what it was invoiced less credited less held: the
 * report reads what was invoiced, never the order's live total. A cancelled or refunded
 * order owes nothing.
 *
 * A sponsorship is due 30 days after staff approved it (`approved_at`), or after it was
 * created when it was never approved in the back office (set up as approved).
 */
function openItems(repId: number | undefined): SQL {
  const orders = sql`
    select 'order'::text as kind, d.order_id as record_id, d.invoice_id, d.number, d.user_id, d.name, d.email,
      ''::text as rep_name, d.due_date, d.total_cents as total,
      least(d.total_cents, greatest(0, d.pool - d.before)) as paid
    from (
      select i.id as invoice_id, i.order_id, o.school_user_id as user_id,
        -- Every document issued now has its number; one kept without (issued before documents
        -- were numbered one by one) is the order's first invoice, numbered on the order.
        coalesce(i.number, o.invoice_number) as number,
        coalesce(nullif(s.school_name, ''), u.email) as name, u.email,
        coalesce(i.due_date, i.issue_date + ${TERM}) as due_date, i.total_cents,
        o.received_cents - o.refunded_cents + coalesce((
          select -sum(c.total_cents) from invoices c where c.order_id = o.id and c.kind = 'credit-note'
        ), 0) as pool,
        coalesce(sum(i.total_cents) over (
          partition by i.order_id order by coalesce(i.due_date, i.issue_date + ${TERM}), i.id
          rows between unbounded preceding and 1 preceding
        ), 0) as before
      from invoices i
      join orders o on o.id = i.order_id
      join users u on u.id = o.school_user_id
      left join schools s on s.user_id = o.school_user_id
      -- An order is numbered on its first invoice: only numbered orders are read (their covering index).
      where i.kind = 'invoice' and o.invoice_number is not null
        and o.status <> 'Cancelled' and o.payment_status <> 'refunded'
    ) d`;
  const sponsorships = sql`
    select 'sponsorship'::text as kind, sp.id as record_id, null::int as invoice_id, null::int as number,
      sp.sponsor_user_id as user_id, coalesce(nullif(b.business_name, ''), u.email) as name, u.email,
      concat_ws(' ', nullif(r.first_name, ''), nullif(r.last_name, '')) as rep_name,
      sp.billed_on + ${TERM} as due_date,
      sp.total_cents as total, sp.paid_cents as paid
    from sponsorships sp
    join users u on u.id = sp.sponsor_user_id
    left join sponsors b on b.user_id = sp.sponsor_user_id
    left join users r on r.id = b.srep_id
    where sp.status in ('Approved', 'Partial') and sp.total_cents > sp.paid_cents
      ${repId === undefined ? sql`` : sql`and b.srep_id = ${repId}`}`;
  // A sales rep looks after sponsors, not schools: orders are the administrators'.
  return repId === undefined ? sql`${orders} union all ${sponsorships}` : sponsorships;
}

/** The bands as SQL, the same edges as ageingBucket. */
const BUCKET = sql`case
  when days_overdue <= 0 then 'current' when days_overdue <= 30 then '1-30'
  when days_overdue <= 60 then '31-60' when days_overdue <= 90 then '61-90' else '90+' end`;

/** The open items with a balance, aged on `today`, in the filter's kind (every band). */
function agedItemsSelect(filter: Omit<MoneyOwedFilter, 'bucket'>): SQL {
  const today = isoDay(filter.today);
  return sql`select *, ${BUCKET} as bucket from (
      select items.*, items.total - items.paid as balance, ${today}::date - items.due_date as days_overdue
      from (${openItems(filter.repId)}) items
      where items.total > items.paid ${filter.kind ? sql`and items.kind = ${filter.kind}` : sql``}
    ) aged`;
}

const agedItems = (filter: Omit<MoneyOwedFilter, 'bucket'>) => sql`(${agedItemsSelect(filter)}) owed`;

/** The lines of `filter` from `owed` (the aged items), most overdue first, then by kind, record and invoice. */
function linesFrom(owed: SQL, filter: MoneyOwedFilter, page?: { limit: number; offset: number }): SQL {
  return sql`select kind, record_id, invoice_id, number, user_id, name, email, rep_name,
      to_char(due_date, 'YYYY-MM-DD') as due_date, days_overdue, bucket, total::int, paid::int, balance::int
    from ${owed}
    ${filter.bucket ? sql`where bucket = ${filter.bucket}` : sql``}
    order by days_overdue desc, kind, record_id, invoice_id nulls first
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

const linesQuery = (filter: MoneyOwedFilter) => linesFrom(agedItems(filter), filter);

/** What `owed` (the aged items) holds in each kind and band, and each kind's records owing. */
const totalsFrom = (owed: SQL) => sql`select kind, bucket, sum(balance)::bigint as cents, count(*)::int as count,
      count(distinct record_id)::int as records
    from ${owed} group by grouping sets ((kind, bucket), (kind))`;

type LineRow = {
  kind: MoneyOwedKind;
  record_id: number;
  invoice_id: number | null;
  number: number | null;
  user_id: number;
  name: string;
  email: string;
  rep_name: string;
  due_date: string;
  days_overdue: number;
  bucket: AgeingBucket;
  total: number;
  paid: number;
  balance: number;
};

/** A row of the query as the report's line. */
export function toLine(r: LineRow): MoneyOwedLine {
  return {
    kind: r.kind,
    record_id: r.record_id,
    invoice_id: r.invoice_id,
    user_id: r.user_id,
    name: r.name,
    email: r.email,
    rep_name: r.rep_name,
    invoice: r.number === null ? '' : invoiceLabel('invoice', r.number),
    due_date: r.due_date,
    days_overdue: r.days_overdue,
    bucket: r.bucket,
    total: r.total,
    paid: r.paid,
    balance: r.balance,
    balance_html: formatMoney(r.balance),
  };
}

/** The SQL text and values of the lines of `filter`, for a cursor that streams them. */
export function moneyOwedLinesStatement(filter: MoneyOwedFilter) {
  return new PgDialect().sqlToQuery(linesQuery(filter));
}

/** What one kind owes: in each band (cents, lines), and how many of its records owe anything. */
export interface OwedOfKind {
  bands: Record<AgeingBucket, { cents: number; count: number }>;
  records: number;
}

/** What is owed in each kind and band: the report's tiles and the dashboard's figures, from one query. */
export async function owedByKindAndBand(
  db: Executor,
  filter: Omit<MoneyOwedFilter, 'bucket'>,
): Promise<Record<MoneyOwedKind, OwedOfKind>> {
  const { rows } = await db.execute<TotalsRow>(totalsFrom(agedItems(filter)));
  return byKindAndBand(rows);
}

type TotalsRow = {
  kind: MoneyOwedKind;
  bucket: AgeingBucket | null;
  cents: string | number;
  count: number;
  records: number;
};

function byKindAndBand(rows: readonly TotalsRow[]): Record<MoneyOwedKind, OwedOfKind> {
  const empty = (): OwedOfKind => ({
    bands: Object.fromEntries(AGEING_BUCKETS.map((b) => [b, { cents: 0, count: 0 }])) as OwedOfKind['bands'],
    records: 0,
  });
  const totals: Record<MoneyOwedKind, OwedOfKind> = { sponsorship: empty(), order: empty() };
  for (const r of rows) {
    if (r.bucket === null) totals[r.kind].records = r.records;
    else totals[r.kind].bands[r.bucket] = { cents: Number(r.cents), count: r.count };
  }
  return totals;
}

/**
 * Every line of `filter`, read from a cursor a few hundred at a time, so that a region's year
 * of lines is never held in memory (the CSV, the reminders). The connection is taken with the
 * first line and goes back to the pool when the lines end or the reader stops: one left
 * half-read is not fit to be lent again.
 */
export async function* moneyOwedLines(db: Database, filter: MoneyOwedFilter): AsyncGenerator<MoneyOwedLine> {
  const { sql: text, params } = moneyOwedLinesStatement(filter);
  const client = await db.$client.connect();
  let read = false;
  try {
    const cursor = client.query(new QueryStream(text, params, { batchSize: 500 }));
    for await (const row of cursor) yield toLine(row);
    read = true;
  } finally {
    client.release(!read);
  }
}

/**
 * What sponsors and invoiced schools owe on `today`, each open item aged by days past its
 * due date, most overdue first: one page of the lines, and the totals of each band (of the
 * kind asked for, whatever band is shown). Filtered, sorted, paged and added up in SQL.
 */
export async function listMoneyOwed(
  db: Executor,
  filter: MoneyOwedFilter,
  page: { page: number; pageSize: number },
): Promise<Omit<TAdminMoneyOwedResponse, 'rows'> & { rows: MoneyOwedLine[] }> {
  // The aged items are worked out once, for the page and for the totals both.
  const window = { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const { rows: answers } = await db.execute<{ lines: LineRow[]; totals: TotalsRow[] }>(sql`
    with owed as materialized (${agedItemsSelect(filter)})
    select
      (select coalesce(json_agg(l), '[]'::json) from (${linesFrom(sql`owed`, filter, window)}) l) as lines,
      (select coalesce(json_agg(t), '[]'::json) from (${totalsFrom(sql`owed`)}) t) as totals`);
  const lines = { rows: answers[0]?.lines ?? [] };
  const byKind = byKindAndBand(answers[0]?.totals ?? []);
  const totals = { current: 0, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0, all: 0 };
  let count = 0;
  for (const { bands } of Object.values(byKind)) {
    for (const b of AGEING_BUCKETS) {
      totals[b] += bands[b].cents;
      totals.all += bands[b].cents;
      if (!filter.bucket || filter.bucket === b) count += bands[b].count;
    }
  }
  return {
    status: 'success',
    message: 'ok',
    today: isoDay(filter.today),
    rows: lines.rows.map(toLine),
    totals,
    total_rows: count,
    page: page.page,
    page_size: page.pageSize,
  };
}
