import { MSG } from '@portal/contracts/messages';
import { isPayableStatus, leftToPay } from '@portal/contracts/sponsorship-rules';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sponsors, sponsorships } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { findPayLink } from '../pay-links/find-pay-link.ts';

/**
 * The sponsorship a pay link pays, with its sponsor's company name: an unknown key is 404,
 * an expired one 410 (findPayLink, the same for every kind of link).
 */
export async function findSponsorshipPayLink(db: Executor, linkKey: string, now: Date) {
  const link = await findPayLink(db, 'sponsorship', linkKey, now);
  const [row] = await db
    .select({
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
    .from(sponsorships)
    .leftJoin(sponsors, eq(sponsors.user_id, sponsorships.sponsor_user_id))
    .where(eq(sponsorships.id, link.sponsorship_id ?? 0));
  if (!row) throw notFound(MSG.payLinkNotFound);
  return { link, sponsorship: row.sponsorship, company_name: row.company_name ?? '' };
}

export type FoundPayLink = Awaited<ReturnType<typeof findSponsorshipPayLink>>;

/**
 * What Pay Now charges: the link's own amount, or all that is left, never more than is
 * left; 0 once nothing is left or the sponsorship can no longer be paid.
 */
export function payLinkCharge(found: Pick<FoundPayLink, 'link' | 'sponsorship'>): { left: number; charge: number } {
  const { sponsorship, link } = found;
  const left = leftToPay(sponsorship);
  if (left === 0 || !isPayableStatus(sponsorship.status)) return { left, charge: 0 };
  return { left, charge: Math.min(link.amount_cents ?? left, left) };
}
