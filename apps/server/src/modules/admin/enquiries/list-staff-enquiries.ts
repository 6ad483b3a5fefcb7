import { ADMIN_LIST_PAGE_SIZE, type TAdminEnquiriesResponse } from '@portal/contracts/admin-sponsors';
import { and, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { enquiries, enquiry_replies, products, sponsors, users } from '../../../db/schema/index.ts';
import {
  cappedCount,
  cursorAfter,
  type Keyset,
  keysetOrder,
  keysetText,
  nextCursorOf,
  pastKeyset,
} from '../../../lib/paging.ts';
import { enquiryStateSql } from '../sponsors/get-staff-sponsor.ts';
import { escapeLike } from '../sponsors/list-sponsors.ts';

export interface EnquiryListFilter {
  q?: string | undefined;
  /** Forced to the rep's own id for a rep. */
  srepId?: number | undefined;
  state: 'all' | 'open' | 'answered' | 'closed';
  page: number;
  /** The cursor of the page before (its `next`): the page after it, by keyset, whatever `page` says. */
  after?: string | undefined;
}

const reps = alias(users, 'reps');

/** Newest first, by the sent enquiries' index on (submitted_at, id) (0046), a cursor's pages too. */
const NEWEST_FIRST: Keyset = { value: enquiries.submitted_at, id: enquiries.id, dir: 'desc', type: 'timestamptz' };

/** What the staff list and detail show of an enquiry. */
export const enquiryRowColumns = {
  id: enquiries.id,
  submitted_at: enquiries.submitted_at,
  sponsor_user_id: enquiries.sponsor_user_id,
  business_name: sql<string>`coalesce(${sponsors.business_name}, '')`,
  fullname: enquiries.fullname,
  product: products.product_name,
  qty: enquiries.qty,
  rep_name: sql<string>`coalesce(trim(${reps.first_name} || ' ' || ${reps.last_name}), '')`,
  replies: sql<number>`(select count(*)::int from ${enquiry_replies} where ${enquiry_replies.enquiry_id} = ${enquiries.id})`,
  state: enquiryStateSql,
};

/** The enquiries with what their rows show, and `extra` columns beside. */
export const enquiryRowFrom = <Extra extends SelectedFields>(db: Database, extra?: Extra) =>
  db
    .select({ ...enquiryRowColumns, ...(extra as Extra) })
    .from(enquiries)
    .innerJoin(products, eq(products.id, enquiries.product_id))
    .leftJoin(sponsors, eq(sponsors.user_id, enquiries.sponsor_user_id))
    .leftJoin(reps, eq(reps.id, enquiries.srep_id));

/** Sent enquiries, newest first, narrowed by state and words. */
export async function listStaffEnquiries(db: Database, filter: EnquiryListFilter): Promise<TAdminEnquiriesResponse> {
  const conditions: (SQL | undefined)[] = [isNotNull(enquiries.submitted_at)];
  if (filter.srepId !== undefined) conditions.push(eq(enquiries.srep_id, filter.srepId));
  if (filter.state !== 'all') conditions.push(sql`${enquiryStateSql} = ${filter.state}`);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(
        ilike(sponsors.business_name, pattern),
        ilike(enquiries.fullname, pattern),
        ilike(enquiries.email, pattern),
        ilike(enquiries.company, pattern),
        ilike(products.product_name, pattern),
        // An id is an integer column: longer digit runs are words only, not a number PostgreSQL would refuse.
        /^\d{1,9}$/.test(filter.q) ? eq(enquiries.id, Number(filter.q)) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const cursor = cursorAfter(filter.after, NEWEST_FIRST.type);
  const newestFirst = keysetOrder(NEWEST_FIRST);
  // The page's enquiries are found first, by the sort's index; only those then count their replies.
  // One more than a page is read: it tells whether a next page follows.
  const pageOfEnquiries = db
    .select({ id: enquiries.id })
    .from(enquiries)
    .innerJoin(products, eq(products.id, enquiries.product_id))
    .leftJoin(sponsors, eq(sponsors.user_id, enquiries.sponsor_user_id))
    .where(cursor ? and(where, pastKeyset(NEWEST_FIRST, cursor)) : where)
    .orderBy(...newestFirst)
    .limit(ADMIN_LIST_PAGE_SIZE + 1)
    .offset(cursor ? 0 : (filter.page - 1) * ADMIN_LIST_PAGE_SIZE)
    .as('page_of_enquiries');
  const [rows, total] = await Promise.all([
    enquiryRowFrom(db, { sort_key: keysetText(NEWEST_FIRST) })
      .innerJoin(pageOfEnquiries, eq(pageOfEnquiries.id, enquiries.id))
      .orderBy(...newestFirst),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(enquiries)
        .innerJoin(products, eq(products.id, enquiries.product_id))
        .leftJoin(sponsors, eq(sponsors.user_id, enquiries.sponsor_user_id))
        .where(where)
        .getSQL(),
    ),
  ]);
  return {
    status: 'success',
    message: 'ok',
    enquiries: rows
      .slice(0, ADMIN_LIST_PAGE_SIZE)
      .map(({ sort_key: _, ...r }) => ({ ...r, submitted_at: (r.submitted_at ?? new Date(0)).toISOString() })),
    total: total.total,
    total_capped: total.capped,
    next: nextCursorOf(rows, ADMIN_LIST_PAGE_SIZE, (r) => ({ value: r.sort_key, id: r.id })),
    page: filter.page,
    page_size: ADMIN_LIST_PAGE_SIZE,
  };
}
