import { formatMoney } from '@portal/contracts/money';
import {
  PAYABLE_SPONSORSHIP_STATUSES,
  SPONSORSHIPS_PAGE_SIZE,
  sponsorshipYears,
  type TSponsorshipsResponse,
} from '@portal/contracts/sponsorships';
import { and, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sponsorships } from '../../db/schema/index.ts';
import { pageOf, pageWindow } from '../../lib/paging.ts';
import { sponsorshipGroup } from './sponsorship-group.ts';

/** The sponsor's sponsorships, of one year or all. */
export function ofSponsor(sponsorId: number, year: number | undefined): SQL | undefined {
  return and(eq(sponsorships.sponsor_user_id, sponsorId), year === undefined ? undefined : eq(sponsorships.year, year));
}

const withQuery = (path: string, year: number | undefined) =>
  year === undefined ? path : `${path}?year=${encodeURIComponent(String(year))}`;

/** A page of the sponsor's sponsorships, last changed first (sponsorship). */
export async function listSponsorships(
  ctx: AppContext,
  sponsorId: number,
  query: { page: number; year?: number | undefined },
): Promise<TSponsorshipsResponse> {
  const where = ofSponsor(sponsorId, query.year);
  const { limit, offset } = pageWindow(query.page, SPONSORSHIPS_PAGE_SIZE);
  const read = await ctx.db
    .select()
    .from(sponsorships)
    .where(where)
    .orderBy(desc(sponsorships.updated_at), desc(sponsorships.id))
    .limit(limit)
    .offset(offset);
  const { rows, has_more } = pageOf(read, SPONSORSHIPS_PAGE_SIZE);
  const unpaid = and(
    where,
    inArray(sponsorships.status, [...PAYABLE_SPONSORSHIP_STATUSES]),
    gt(sponsorships.total_cents, sponsorships.paid_cents),
  );
  const [counted] = await ctx.db.select({ n: count() }).from(sponsorships).where(unpaid);
  const [latest] = await ctx.db.select().from(sponsorships).where(unpaid).orderBy(desc(sponsorships.id)).limit(1);
  const latestLeft = latest ? latest.total_cents - latest.paid_cents : 0;
  return {
    status: 'success',
    message: 'ok',
    sponsorships: rows.map(sponsorshipGroup),
    unpaid_sponsorships: counted?.n ?? 0,
    latest_sponsorship_id: latest?.id ?? null,
    latest_left_amount: latestLeft,
    latest_left_amount_html: formatMoney(latestLeft),
    csv_download_link: withQuery('/api/sponsorshipcsv', query.year),
    print_download_link: withQuery('/api/sponsorshipprint', query.year),
    rangeyear: sponsorshipYears(ctx.clock()),
    has_more,
  };
}
