import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pay_links, sponsors, sponsorships } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isPayableStatus } from './pay-sponsorship.ts';

/** A link past its 30 days: 410, so that the page can tell it from an address mistyped. */
export const payLinkExpired = () => new AppError(410, MSG.payLinkExpired);

/**
 * The sponsorship a pay link pays, with its sponsor's company name: an unknown key is 404,
 * an expired one 410. The key is the only credential, so nothing else is asked.
 */
export async function findSponsorshipPayLink(db: Executor, linkKey: string, now: Date) {
  const [row] = await db
    .select({
      link: {
        id: pay_links.id,
        link_key: pay_links.link_key,
        amount_cents: pay_links.amount_cents,
        expires_at: pay_links.expires_at,
      },
      sponsorship: {
        id: sponsorships.id,
        sponsor_user_id: sponsorships.sponsor_user_id,
        year: sponsorships.year,
        status: sponsorships.status,
        total_cents: sponsorships.total_cents,
        paid_cents: sponsorships.paid_cents,
      },
      company_name: sponsors.business_name,
    })
    .from(pay_links)
    .innerJoin(sponsorships, eq(sponsorships.id, pay_links.sponsorship_id))
    .leftJoin(sponsors, eq(sponsors.user_id, sponsorships.sponsor_user_id))
    .where(eq(pay_links.link_key, linkKey));
  if (!row) throw notFound(MSG.payLinkNotFound);
  if (row.link.expires_at.getTime() <= now.getTime()) throw payLinkExpired();
  return { ...row, company_name: row.company_name ?? '' };
}

export type FoundPayLink = Awaited<ReturnType<typeof findSponsorshipPayLink>>;

/**
 * What Pay Now charges: the link's own amount, or all that is left, never more than is
 * left; 0 once nothing is left or the sponsorship can no longer be paid.
 */
export function payLinkCharge(found: Pick<FoundPayLink, 'link' | 'sponsorship'>): { left: number; charge: number } {
  const { sponsorship, link } = found;
  const left = Math.max(0, sponsorship.total_cents - sponsorship.paid_cents);
  if (left === 0 || !isPayableStatus(sponsorship.status)) return { left, charge: 0 };
  return { left, charge: Math.min(link.amount_cents ?? left, left) };
}
