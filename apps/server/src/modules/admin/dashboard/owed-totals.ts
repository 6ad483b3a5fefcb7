import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { orders, sponsors, sponsorships } from '../../../db/schema/index.ts';

export interface OwedTotals {
  sponsorsOweCents: number;
  sponsorshipsOwing: number;
  /** Null when asked without the schools' orders (a rep). */
  schoolsOweCents: number | null;
  ordersOwing: number | null;
}

/**
 * What is owed, in one statement: by sponsors, their approved sponsorships (Approved or
 * Partial) less what they have paid, limited to a rep's own sponsors when `repId` is given;
 * by schools, their invoiced orders, not cancelled, still unpaid (left out for a rep).
 */
export async function owedTotals(db: Executor, repId: number | undefined): Promise<OwedTotals> {
  const repSponsors = repId === undefined ? sql`true` : sql`${sponsors.srep_id} = ${repId}`;
  const schools =
    repId === undefined
      ? sql`(select coalesce(sum(${orders.total_cents}), 0)::bigint as cents, count(*)::int as n from ${orders}
          where ${orders.invoice_number} is not null and ${orders.status} <> 'Cancelled'
            and ${orders.payment_status} = 'unpaid')`
      : sql`(select null::bigint as cents, null::int as n)`;
  const result = await db.execute<{ s_cents: string; s_n: number; o_cents: string | null; o_n: number | null }>(sql`
    select s.cents as s_cents, s.n as s_n, o.cents as o_cents, o.n as o_n
    from (select coalesce(sum(${sponsorships.total_cents} - ${sponsorships.paid_cents}), 0)::bigint as cents,
                 count(*) filter (where ${sponsorships.total_cents} > ${sponsorships.paid_cents})::int as n
          from ${sponsorships} join ${sponsors} on ${sponsors.user_id} = ${sponsorships.sponsor_user_id}
          where ${sponsorships.status} in ('Approved', 'Partial') and ${repSponsors}) s,
         ${schools} o`);
  const row = result.rows[0];
  return {
    sponsorsOweCents: Number(row?.s_cents ?? 0),
    sponsorshipsOwing: row?.s_n ?? 0,
    schoolsOweCents: row?.o_cents == null ? null : Number(row.o_cents),
    ordersOwing: row?.o_n ?? null,
  };
}
