import {
  AGEING_BUCKETS,
  type AgeingBucket,
  type MoneyOwedKind,
  type TAdminMoneyOwedResponse,
  type TMoneyOwedRow,
} from '@portal/contracts/admin-money-owed';
import { invoiceLabel } from '@portal/contracts/invoices';
import { formatMoney } from '@portal/contracts/money';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import QueryStream from 'pg-query-stream';
import type { Database, Executor } from '../../../db/client.ts';
import { isoDay } from '../../../lib/dates.ts';

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

/** The bands as SQL, the same edges as ageingBucket. */
const BUCKET = sql`case
  when days_overdue <= 0 then 'current' when days_overdue <= 30 then '1-30'
  when days_overdue <= 60 then '31-60' when days_overdue <= 90 then '61-90' else '90+' end`;

/**
 * The open items with a balance (money_open_items, kept by the database from the one
 * definition in db/money-owed-items.ts), aged on `today`, in the filter's kind (every band).
 * A sales rep looks after sponsors, not schools: only their own sponsors' sponsorships.
 */
function agedItemsSelect(filter: Omit<MoneyOwedFilter, 'bucket'>): SQL {
  const today = isoDay(filter.today);
  const kind = filter.repId === undefined ? filter.kind : 'sponsorship';
  const where = [
    ...(kind ? [sql`items.kind = ${kind}`] : []),
    ...(filter.repId === undefined
      ? []
      : [
          sql`items.user_id in (select b.user_id from sponsors b where b.srep_id = ${filter.repId})`,
          ...(filter.kind === 'order' ? [sql`false`] : []),
        ]),
  ];
  return sql`select *, ${BUCKET} as bucket from (
      select items.kind, items.record_id, items.invoice_id, items.number, items.user_id, items.due_date,
        items.total_cents as total, items.paid_cents as paid, items.total_cents - items.paid_cents as balance,
        ${today}::date - items.due_date as days_overdue
      from money_open_items items
      ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    ) aged`;
}

const agedItems = (filter: Omit<MoneyOwedFilter, 'bucket'>) => sql`(${agedItemsSelect(filter)}) owed`;

/** Most overdue first (the earliest due date), then by kind, record and invoice, of the lines `of`: the order of the due-date index. */
const lineOrder = (of: string) => {
  const t = sql.raw(of);
  return sql`${t}.due_date, ${t}.kind, ${t}.record_id, ${t}.invoice_id nulls first`;
};

/**
 * The lines of `filter`, most overdue first, then by kind, record and invoice: the page (or
 * every line) read from the due-date index first, and the names of only those looked up.
 */
function linesQuery(filter: MoneyOwedFilter, page?: { limit: number; offset: number }): SQL {
  return sql`select l.kind, l.record_id, l.invoice_id, l.number, l.user_id,
      case when l.kind = 'order' then coalesce(nullif(s.school_name, ''), u.email)
        else coalesce(nullif(b.business_name, ''), u.email) end as name,
      u.email,
      case when l.kind = 'sponsorship' then concat_ws(' ', nullif(r.first_name, ''), nullif(r.last_name, '')) else '' end
        as rep_name,
      to_char(l.due_date, 'YYYY-MM-DD') as due_date, l.days_overdue, l.bucket, l.total::int, l.paid::int, l.balance::int
    from (
      select * from ${agedItems(filter)}
      ${filter.bucket ? sql`where bucket = ${filter.bucket}` : sql``}
      order by ${lineOrder('owed')}
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}
    ) l
    join users u on u.id = l.user_id
    left join schools s on l.kind = 'order' and s.user_id = l.user_id
    left join sponsors b on l.kind = 'sponsorship' and b.user_id = l.user_id
    left join users r on r.id = b.srep_id
    order by ${lineOrder('l')}`;
}

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
function toLine(r: LineRow): MoneyOwedLine {
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
function moneyOwedLinesStatement(filter: MoneyOwedFilter) {
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
  // One statement: the page from the due-date index, and the totals from the same items.
  const window = { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const { rows: answers } = await db.execute<{ lines: LineRow[]; totals: TotalsRow[] }>(sql`
    select
      (select coalesce(json_agg(l), '[]'::json) from (${linesQuery(filter, window)}) l) as lines,
      (select coalesce(json_agg(t), '[]'::json) from (${totalsFrom(agedItems(filter))}) t) as totals`);
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
