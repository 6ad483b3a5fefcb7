import { ADMIN_LIST_PAGE_SIZE, type TAdminSponsorsResponse } from '@portal/contracts/admin-sponsors';
import { USER_TYPE } from '@portal/contracts/constants';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { sponsors, sponsorships, users } from '../../../db/schema/index.ts';
import {
  cappedCount,
  cursorAfter,
  type Keyset,
  keysetOrder,
  keysetText,
  nextCursorOf,
  pastKeyset,
} from '../../../lib/paging.ts';

export interface SponsorListFilter {
  q?: string | undefined;
  /** The rep whose sponsors are listed: forced to the rep's own id for a rep. */
  srepId?: number | undefined;
  sort: 'created_desc' | 'created_asc' | 'company_asc' | 'company_desc';
  page: number;
  /** The cursor of the page before (its `next`): the page after it, by keyset, whatever `page` says. */
  after?: string | undefined;
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const reps = alias(users, 'reps');

/** A sponsor's company as the list sorts it, case aside. */
const company = sql<string>`lower(${sponsors.business_name})`;

/**
 * Each sort, which a cursor pages too: by the accounts' index on (usertype, created_at, id)
 * (0046), or by the companies' on (lower(business_name), user_id) (0054).
 */
const KEYSETS: Record<SponsorListFilter['sort'], Keyset> = {
  created_desc: { value: users.created_at, id: users.id, dir: 'desc', type: 'timestamptz' },
  created_asc: { value: users.created_at, id: users.id, dir: 'asc', type: 'timestamptz' },
  company_asc: { value: company, id: sponsors.user_id, dir: 'asc', type: 'text' },
  company_desc: { value: company, id: sponsors.user_id, dir: 'desc', type: 'text' },
};

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
  const keyset = KEYSETS[filter.sort];
  const cursor = cursorAfter(filter.after, keyset.type);
  const order = keysetOrder(keyset);
  // Each sponsor of the page adds up its own sponsorships, by the sponsor's index.
  const totals = sql`(select count(*)::int as n, coalesce(sum(s.total_cents - s.paid_cents), 0)::bigint as owed
    from ${sponsorships} s where s.sponsor_user_id = ${users.id})`;
  // The page's sponsors are found first, by the sort alone; only those then add up their own.
  // One more than a page is read: it tells whether a next page follows.
  const pageOfSponsors = db
    .select({ id: users.id })
    .from(sponsors)
    .innerJoin(users, eq(users.id, sponsors.user_id))
    .where(cursor ? and(where, pastKeyset(keyset, cursor)) : where)
    .orderBy(...order)
    .limit(ADMIN_LIST_PAGE_SIZE + 1)
    .offset(cursor ? 0 : (filter.page - 1) * ADMIN_LIST_PAGE_SIZE)
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
        sort_key: keysetText(keyset),
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
    sponsors: rows
      .slice(0, ADMIN_LIST_PAGE_SIZE)
      .map(({ sort_key: _, ...r }) => ({ ...r, created_at: r.created_at.toISOString() })),
    total: total.total,
    total_capped: total.capped,
    next: nextCursorOf(rows, ADMIN_LIST_PAGE_SIZE, (r) => ({ value: r.sort_key, id: r.user_id })),
    page: filter.page,
    page_size: ADMIN_LIST_PAGE_SIZE,
  };
}
