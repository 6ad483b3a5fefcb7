import {
  ADMIN_SPONSORSHIPS_PAGE_SIZE,
  type AdminSponsorshipsQuery,
  type TAdminSponsorshipsResponse,
} from '@portal/contracts/admin-sponsorships';
import { leftToPay } from '@portal/contracts/sponsorship-rules';
import { and, asc, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { sponsors, sponsorships, users } from '../../../db/schema/index.ts';
import { cappedCount } from '../../../lib/paging.ts';
import type { Staff } from '../staff.ts';
import { sponsorScope } from './staff-sponsorship.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const left = sql<number>`(${sponsorships.total_cents} - ${sponsorships.paid_cents})`;
const company = sql<string>`coalesce(nullif(${sponsors.business_name}, ''), ${users.email})`;

const SORT_COLUMNS = {
  id: sponsorships.id,
  sponsor: company,
  year: sponsorships.year,
  total: sponsorships.total_cents,
  left,
  updated: sponsorships.updated_at,
} as const;

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
  const order = query.dir === 'asc' ? asc : desc;
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
      })
      .from(sponsorships)
      .innerJoin(sponsors, eq(sponsors.user_id, sponsorships.sponsor_user_id))
      .innerJoin(users, eq(users.id, sponsorships.sponsor_user_id))
      .where(where)
      .orderBy(order(SORT_COLUMNS[query.sort]), order(sponsorships.id))
      .limit(ADMIN_SPONSORSHIPS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_SPONSORSHIPS_PAGE_SIZE),
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
    sponsorships: rows.map((r) => ({
      ...r,
      left_cents: leftToPay(r),
      updated_at: r.updated_at.toISOString(),
    })),
    total: total.total,
    total_capped: total.capped,
    page: query.page,
    page_size: ADMIN_SPONSORSHIPS_PAGE_SIZE,
  };
}
