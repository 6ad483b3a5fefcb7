import {
  ADMIN_SCHOOLS_PAGE_SIZE,
  certificateState,
  type SchoolSort,
  type TAdminSchoolsResponse,
} from '@portal/contracts/admin-schools';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orders, school_documents, schools, states, users } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/errors.ts';
import {
  cappedCount,
  cursorAfter,
  type Keyset,
  keysetOrder,
  keysetText,
  nextCursorOf,
  pastKeyset,
} from '../../../lib/paging.ts';
import { escapeLike } from '../sponsors/list-sponsors.ts';
import { schoolsMatching } from './schools-matching.ts';

export interface SchoolListFilter {
  q?: string | undefined;
  sort: SchoolSort;
  page: number;
  /** The cursor of the page before (its `next`): the page after it, by keyset, whatever `page` says. */
  after?: string | undefined;
  /** YYYY-MM-DD: the day certificates are judged on. */
  today: string;
}

/**
 * A school's name as the list sorts it, case aside. Every school account has its details row,
 * made with it at registration, so the list joins the two and the name's index (0054) serves
 * the sort.
 */
const name = sql<string>`lower(${schools.school_name})`;

/**
 * The sorts a cursor pages, each by an index on (value, id). The sort by orders has none: its
 * value is a count made per school, which no index holds and which every new order changes,
 * so it pages by number only (its `next` is always null).
 */
const KEYSETS: Partial<Record<SchoolSort, Keyset>> = {
  name_asc: { value: name, id: schools.user_id, dir: 'asc', type: 'text' },
  name_desc: { value: name, id: schools.user_id, dir: 'desc', type: 'text' },
  created_desc: { value: users.created_at, id: users.id, dir: 'desc', type: 'timestamptz' },
  created_asc: { value: users.created_at, id: users.id, dir: 'asc', type: 'timestamptz' },
};

/** A page of schools with their contact, their orders counted and their current tax certificate. */
export async function listSchools(db: Database, filter: SchoolListFilter): Promise<TAdminSchoolsResponse> {
  const conditions: (SQL | undefined)[] = [eq(users.usertype, USER_TYPE.school)];
  if (filter.q) {
    const matching = await schoolsMatching(db, filter.q, { contactAndCity: true });
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      matching
        ? matching.length
          ? inArray(users.id, matching)
          : sql`false`
        : or(
            ilike(schools.school_name, pattern),
            ilike(schools.primary_name, pattern),
            ilike(users.email, pattern),
            ilike(schools.city, pattern),
          ),
    );
  }
  const where = and(...conditions);
  const keyset = KEYSETS[filter.sort];
  const cursor = cursorAfter(filter.after, keyset?.type ?? 'text');
  // A cursor is refused for the sort by orders, which has none.
  if (cursor && !keyset) throw badRequest(MSG.pageCursorInvalid, { after: MSG.pageCursorInvalid });
  const page = cursor && keyset ? and(where, pastKeyset(keyset, cursor)) : where;
  // Each school of the page counts its own orders and finds its newest certificate by its
  // indexes; only the sort by orders needs every school's count first.
  const orderCount = sql<number>`(select count(*)::int from ${orders} where ${orders.school_user_id} = ${users.id})`;
  const newestCertificate = sql`(select to_char(${school_documents.expires_on}, 'YYYY-MM-DD') from ${school_documents}
    where ${school_documents.school_user_id} = ${users.id} and ${school_documents.kind} = 'tax_certificate'
    order by ${school_documents.created_at} desc, ${school_documents.id} desc limit 1)`;
  const hasCertificate = sql<boolean>`exists (select 1 from ${school_documents}
    where ${school_documents.school_user_id} = ${users.id} and ${school_documents.kind} = 'tax_certificate')`;
  const order = keyset ? keysetOrder(keyset) : [desc(orderCount), asc(name), asc(users.id)];
  // The page's schools are found first, by the sort alone; only those 25 then count their
  // orders and find their certificates (a deep page would otherwise do it for every school before it).
  // One more than a page is read: it tells whether a next page follows.
  const pageOfSchools = db
    .select({ id: users.id })
    .from(users)
    .innerJoin(schools, eq(schools.user_id, users.id))
    .where(page)
    .orderBy(...order)
    .limit(ADMIN_SCHOOLS_PAGE_SIZE + 1)
    .offset(cursor ? 0 : (filter.page - 1) * ADMIN_SCHOOLS_PAGE_SIZE)
    .as('page_of_schools');
  const [rows, total] = await Promise.all([
    db
      .select({
        user_id: users.id,
        school_name: sql<string>`coalesce(${schools.school_name}, '')`,
        primary_name: sql<string>`coalesce(${schools.primary_name}, '')`,
        email: users.email,
        phone: sql<string>`coalesce(nullif(${schools.phone}, ''), ${schools.primary_phone}, '')`,
        city: sql<string>`coalesce(${schools.city}, '')`,
        state: sql<string>`coalesce(${states.state_code}, '')`,
        status: users.status,
        orders: orderCount,
        has_certificate: hasCertificate,
        certificate_expires_on: sql<string | null>`${newestCertificate}`,
        created_at: users.created_at,
        sort_key: keyset ? keysetText(keyset) : sql<string>`''`,
      })
      .from(users)
      .innerJoin(pageOfSchools, eq(pageOfSchools.id, users.id))
      .innerJoin(schools, eq(schools.user_id, users.id))
      .leftJoin(states, eq(states.id, schools.state_id))
      .orderBy(...order),
    cappedCount(
      db,
      db.select({ one: sql`1` }).from(users).innerJoin(schools, eq(schools.user_id, users.id)).where(where).getSQL(),
    ),
  ]);
  return {
    status: 'success',
    message: 'ok',
    schools: rows.slice(0, ADMIN_SCHOOLS_PAGE_SIZE).map(({ has_certificate, sort_key: _, ...r }) => ({
      ...r,
      certificate: has_certificate ? certificateState(r.certificate_expires_on, filter.today) : 'none',
      created_at: r.created_at.toISOString(),
    })),
    total: total.total,
    total_capped: total.capped,
    next: keyset ? nextCursorOf(rows, ADMIN_SCHOOLS_PAGE_SIZE, (r) => ({ value: r.sort_key, id: r.user_id })) : null,
    page: filter.page,
    page_size: ADMIN_SCHOOLS_PAGE_SIZE,
  };
}
