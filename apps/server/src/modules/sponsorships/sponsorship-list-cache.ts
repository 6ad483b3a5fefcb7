/**
 * The tables the sponsors' list answers (`ctx.cache.sponsorshipLists`) are made from, or that
 * change with what it shows: a sponsorship's items and payments change its totals and status
 * in the same transaction. Triggers on each notify the change feed (migration 0018).
 */
export const SPONSORSHIP_LIST_TABLES = ['sponsorships', 'sponsorship_items', 'sponsorship_transactions'];

/** What a sponsor's list is asked for: the key includes the sponsor, so another sponsor's key finds nothing. */
export interface SponsorshipListKey {
  sponsorId: number;
  year: number | undefined;
  page: number;
  /** The calendar year of today: the answer offers the years up to it. */
  thisYear: number;
}

export const sponsorshipListKey = (k: SponsorshipListKey) =>
  `${k.sponsorId}:${k.year ?? 'all'}:${k.page}:${k.thisYear}`;
