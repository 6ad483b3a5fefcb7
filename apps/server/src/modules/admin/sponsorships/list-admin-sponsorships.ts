import {
  ADMIN_SPONSORSHIPS_PAGE_SIZE,
  type AdminSponsorshipSort,
  type AdminSponsorshipsQuery,
  type TAdminSponsorshipsResponse,
} from '@portal/contracts/admin-sponsorships';
import { leftToPay } from '@portal/contracts/sponsorship-rules';
import { type AnyColumn, and, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { sponsors, sponsorships, users } from '../../../db/schema/index.ts';
import {
  cappedCount,
  cursorAfter,
  type Keyset,
  keysetOrder,
  keysetText,
  nextCursorOf,
  pastKeyset,
  type SortType,
} from '../../../lib/paging.ts';
import type { Staff } from '../staff.ts';
import { sponsorScope } from './staff-sponsorship.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const left = sql<number>`(${sponsorships.total_cents} - ${sponsorships.paid_cents})`;
const company = sql<string>`coalesce(nullif(${sponsors.business_name}, ''), ${users.email})`;

/**
 * Each sort's value and its type, ties broken by the sponsorship's number in the same
 * direction, so that a cursor pages every sort. An index on (value, id) serves each (the
 * primary key, 0046, 0054) but the sponsor's, whose value is the company or e-mail of other
 * tables: its pages read every sponsorship the filters pass, as its numbered pages do.
 */
const SORTS: Record<AdminSponsorshipSort, { value: SQL | AnyColumn; type: SortType }> = {
  id: { value: sponsorships.id, type: 'integer' },
  sponsor: { value: company, type: 'text' },
  year: { value: sponsorships.year, type: 'smallint' },
  total: { value: sponsorships.total_cents, type: 'integer' },
  left: { value: left, type: 'integer' },
  updated: { value: sponsorships.updated_at, type: 'timestamptz' },
};

/** Sponsorships a staff member may see (a rep: their sponsors'), filtered, sorted and a page at a time. */
export async function listAdminSponsorships(
  db: Executor,
  staff: Staff,
  query: z.output<typeof AdminSponsorshipsQuery>,
): Promise<TAdminSponsorshipsResponse> {
  const conditions: (SQL | undefined)[] = [sponsorScope(staff)];
  if (query.status) conditions.push(eq(sponsorships.status, query.status));
  if (query.year) conditions.push(eq(sponsorships.year, query.year));
  if (query.owed) conditions.push(gt(left, 0));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(sponsors.business_name, pattern), ilike(users.email, pattern)));
  }
  const where = and(...conditions);
  const keyset: Keyset = { ...SORTS[query.sort], id: sponsorships.id, dir: query.dir };
  const cursor = cursorAfter(query.after, keyset.type);
  const [rows, total] = await Promise.all([
    db
      .select({
        sponsorship_id: sponsorships.id,
        sponsor_user_id: sponsorships.sponsor_user_id,
        sponsor: company,
        year: sponsorships.year,
        status: sponsorships.status,
        total_qty: sponsorships.total_qty,
        total_cents: sponsorships.total_cents,
        paid_cents: sponsorships.paid_cents,
        updated_at: sponsorships.updated_at,
        sort_key: keysetText(keyset),
      })
      .from(sponsorships)
      .innerJoin(sponsors, eq(sponsors.user_id, sponsorships.sponsor_user_id))
      .innerJoin(users, eq(users.id, sponsorships.sponsor_user_id))
      .where(cursor ? and(where, pastKeyset(keyset, cursor)) : where)
      .orderBy(...keysetOrder(keyset))
      // One more than a page: it tells whether a next page follows.
      .limit(ADMIN_SPONSORSHIPS_PAGE_SIZE + 1)
      .offset(cursor ? 0 : (query.page - 1) * ADMIN_SPONSORSHIPS_PAGE_SIZE),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(sponsorships)
        .innerJoin(sponsors, eq(sponsors.user_id, sponsorships.sponsor_user_id))
        .innerJoin(users, eq(users.id, sponsorships.sponsor_user_id))
        .where(where)
        .getSQL(),
    ),
  ]);
  return {
    status: 'success',
    message: 'ok',
    sponsorships: rows.slice(0, ADMIN_SPONSORSHIPS_PAGE_SIZE).map(({ sort_key: _, ...r }) => ({
      ...r,
      left_cents: leftToPay(r),
      updated_at: r.updated_at.toISOString(),
    })),
    total: total.total,
    total_capped: total.capped,
    next: nextCursorOf(rows, ADMIN_SPONSORSHIPS_PAGE_SIZE, (r) => ({ value: r.sort_key, id: r.sponsorship_id })),
    page: query.page,
    page_size: ADMIN_SPONSORSHIPS_PAGE_SIZE,
  };
}
