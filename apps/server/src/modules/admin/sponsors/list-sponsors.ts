import { ADMIN_LIST_PAGE_SIZE, type TAdminSponsorsResponse } from '@portal/contracts/admin-sponsors';
import { USER_TYPE } from '@portal/contracts/constants';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { sponsors, sponsorships, users } from '../../../db/schema/index.ts';
import { cappedCount } from '../../../lib/paging.ts';

export interface SponsorListFilter {
  q?: string | undefined;
  /** The rep whose sponsors are listed: forced to the rep's own id for a rep. */
  srepId?: number | undefined;
  sort: 'created_desc' | 'created_asc' | 'company_asc' | 'company_desc';
  page: number;
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const reps = alias(users, 'reps');

/** A page of sponsors with their rep and what their sponsorships still owe. */
export async function listSponsors(db: Database, filter: SponsorListFilter): Promise<TAdminSponsorsResponse> {
  const conditions: (SQL | undefined)[] = [eq(users.usertype, USER_TYPE.sponsor)];
  if (filter.srepId !== undefined) conditions.push(eq(sponsors.srep_id, filter.srepId));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const digits = filter.q.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(sponsors.business_name, pattern),
        ilike(sponsors.primary_name, pattern),
        ilike(users.email, pattern),
        digits.length >= 3 ? ilike(sponsors.primary_phone, `%${digits}%`) : undefined,
        digits.length >= 3 ? ilike(sponsors.phone_number, `%${digits}%`) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const order = {
    created_desc: [desc(users.created_at), desc(users.id)],
    created_asc: [asc(users.created_at), asc(users.id)],
    company_asc: [asc(sql`lower(${sponsors.business_name})`), asc(users.id)],
    company_desc: [desc(sql`lower(${sponsors.business_name})`), desc(users.id)],
  }[filter.sort];
  // Each sponsor of the page adds up its own sponsorships, by the sponsor's index.
  const totals = sql`(select count(*)::int as n, coalesce(sum(s.total_cents - s.paid_cents), 0)::bigint as owed
    from ${sponsorships} s where s.sponsor_user_id = ${users.id})`;
  // The page's sponsors are found first, by the sort alone; only those then add up their own.
  const pageOfSponsors = db
    .select({ id: users.id })
    .from(sponsors)
    .innerJoin(users, eq(users.id, sponsors.user_id))
    .where(where)
    .orderBy(...order)
    .limit(ADMIN_LIST_PAGE_SIZE)
    .offset((filter.page - 1) * ADMIN_LIST_PAGE_SIZE)
    .as('page_of_sponsors');
  const [rows, total] = await Promise.all([
    db
      .select({
        user_id: users.id,
        business_name: sponsors.business_name,
        primary_name: sponsors.primary_name,
        email: users.email,
        primary_phone: sponsors.primary_phone,
        srep_id: sponsors.srep_id,
        rep_name: sql<string>`coalesce(trim(${reps.first_name} || ' ' || ${reps.last_name}), '')`,
        status: users.status,
        has_password: sql<boolean>`${users.password_hash} is not null`,
        sponsorships: sql<number>`totals.n`,
        owed_cents: sql<number>`totals.owed`.mapWith(Number),
        created_at: users.created_at,
      })
      .from(sponsors)
      .innerJoin(users, eq(users.id, sponsors.user_id))
      .innerJoin(pageOfSponsors, eq(pageOfSponsors.id, users.id))
      .leftJoin(reps, eq(reps.id, sponsors.srep_id))
      .leftJoinLateral(sql`${totals} as totals`, sql`true`)
      .orderBy(...order),
    cappedCount(
      db,
      db.select({ one: sql`1` }).from(sponsors).innerJoin(users, eq(users.id, sponsors.user_id)).where(where).getSQL(),
    ),
  ]);
  return {
    status: 'success',
    message: 'ok',
    sponsors: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    total: total.total,
    total_capped: total.capped,
    page: filter.page,
    page_size: ADMIN_LIST_PAGE_SIZE,
  };
}
