import { formatMoney } from '@portal/contracts/money';
import {
  PAYABLE_SPONSORSHIP_STATUSES,
  SPONSORSHIPS_PAGE_SIZE,
  SponsorshipsResponse,
  sponsorshipYears,
  type TSponsorshipsResponse,
} from '@portal/contracts/sponsorships';
import { and, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { sponsorships } from '../../db/schema/index.ts';
import { pageOf, pageWindow } from '../../lib/paging.ts';
import type { PreparedBody } from '../../lib/prepared-body.ts';
import { sponsorshipGroup } from './sponsorship-group.ts';
import { sponsorshipListKey } from './sponsorship-list-cache.ts';

/** The sponsor's sponsorships, of one year or all. */
export function ofSponsor(sponsorId: number, year: number | undefined): SQL | undefined {
  return and(eq(sponsorships.sponsor_user_id, sponsorId), year === undefined ? undefined : eq(sponsorships.year, year));
}

const withQuery = (path: string, year: number | undefined) =>
  year === undefined ? path : `${path}?year=${encodeURIComponent(String(year))}`;

/**
 * The list's one query, prepared once per database (with a year, or for all years): what is
 * left to pay across the sponsor's sponsorships, in one aggregate, beside the page's rows.
 * The aggregate is the query's one row that every page row joins (a page past the end still
 * answers the aggregate), so one round trip serves the whole answer.
 */
function buildListQuery(db: Database, byYear: boolean) {
  const mine = and(
    eq(sponsorships.sponsor_user_id, sql.placeholder('sponsor')),
    byYear ? eq(sponsorships.year, sql.placeholder('year')) : undefined,
  );
  const owed = db
    .select({
      unpaid: sql<number>`count(*)::int`.as('unpaid'),
      // The largest [id, left to pay] is the newest one's: arrays compare element by element.
      latest: sql<
        [number, number] | null
      >`max(array[${sponsorships.id}, ${sponsorships.total_cents} - ${sponsorships.paid_cents}])`.as('latest'),
    })
    .from(sponsorships)
    .where(
      and(
        mine,
        inArray(sponsorships.status, [...PAYABLE_SPONSORSHIP_STATUSES]),
        gt(sponsorships.total_cents, sponsorships.paid_cents),
      ),
    )
    .as('owed');
  const page = db
    .select()
    .from(sponsorships)
    .where(mine)
    .orderBy(desc(sponsorships.updated_at), desc(sponsorships.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select()
    .from(owed)
    .leftJoinLateral(page, sql`true`)
    .prepare(byYear ? 'sponsorship_list_of_year' : 'sponsorship_list');
}
const listOfAllYears = preparedFor((db: Database) => buildListQuery(db, false));
const listOfYear = preparedFor((db: Database) => buildListQuery(db, true));

/** A page of the sponsor's sponsorships, last changed first (sponsorship). */
export async function listSponsorships(
  ctx: AppContext,
  sponsorId: number,
  query: { page: number; year?: number | undefined },
): Promise<TSponsorshipsResponse> {
  const paging = pageWindow(query.page, SPONSORSHIPS_PAGE_SIZE);
  const read = await (query.year === undefined ? listOfAllYears : listOfYear)(ctx.db).execute({
    sponsor: sponsorId,
    year: query.year,
    ...paging,
  });
  const { rows, has_more } = pageOf(
    read.flatMap((r) => (r.page ? [r.page] : [])),
    SPONSORSHIPS_PAGE_SIZE,
  );
  const [latestId, latestLeft] = read[0]?.owed.latest ?? [null, 0];
  return {
    status: 'success',
    message: 'ok',
    sponsorships: rows.map(sponsorshipGroup),
    unpaid_sponsorships: read[0]?.owed.unpaid ?? 0,
    latest_sponsorship_id: latestId,
    latest_left_amount: latestLeft,
    latest_left_amount_html: formatMoney(latestLeft),
    csv_download_link: withQuery('/api/sponsorshipcsv', query.year),
    print_download_link: withQuery('/api/sponsorshipprint', query.year),
    rangeyear: sponsorshipYears(ctx.clock()),
    has_more,
  };
}

/**
 * The list's answer as sent, from memory when this sponsor asked for the same page since the
 * last change of a sponsorship (`ctx.cache.sponsorshipLists`); otherwise read with the one
 * query and kept (`AnswerCache.json`).
 */
export function cachedSponsorshipList(
  ctx: AppContext,
  sponsorId: number,
  query: { page: number; year?: number | undefined },
): PreparedBody | Promise<PreparedBody> {
  const key = { sponsorId, year: query.year, page: query.page, thisYear: ctx.clock().getUTCFullYear() };
  return ctx.cache.sponsorshipLists.json(sponsorshipListKey(key), SponsorshipsResponse, () =>
    listSponsorships(ctx, sponsorId, query),
  );
}
