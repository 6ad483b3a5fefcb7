import { MSG, sponsorshipAmountTooHigh } from '@portal/contracts/messages';
import { centsToDecimal } from '@portal/contracts/money';
import { isPayableStatus } from '@portal/contracts/sponsorship-rules';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { sponsorships } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import { payLinkUrl } from '../pay-links/pay-link-url.ts';
import { writePayLink } from '../pay-links/write-pay-link.ts';

export interface NewSponsorshipPayLink {
  sponsorshipId: number;
  /** A set amount in cents; left out, the link pays whatever is left when it is used. */
  amountCents?: number;
  /** The staff member who made it. */
  createdBy?: number;
}

/**
 * Writes a pay link for a sponsorship that still has something to pay, valid for
 * PAY_LINK_VALID_DAYS days from `now`. Refuses a sponsorship with nothing left or not in a
 * payable status, and a set amount that is not whole cents above 0 or is above what is left.
 * The seed calls it with the demo's fixed key; everything else through createSponsorshipPayLink.
 */
export async function writeSponsorshipPayLink(
  db: Executor,
  input: NewSponsorshipPayLink & { linkKey: string; now: Date },
): Promise<{ id: number; linkKey: string; expiresAt: Date }> {
  const [sponsorship] = await db
    .select({ status: sponsorships.status, total: sponsorships.total_cents, paid: sponsorships.paid_cents })
    .from(sponsorships)
    .where(eq(sponsorships.id, input.sponsorshipId));
  if (!sponsorship) throw notFound();
  const left = sponsorship.total - sponsorship.paid;
  if (!isPayableStatus(sponsorship.status) || left <= 0) throw conflict(MSG.sponsorshipNothingToPay);
  const amount = input.amountCents;
  if (amount !== undefined) {
    if (!Number.isInteger(amount) || amount <= 0) throw badRequest(MSG.payLinkAmountInvalid);
    if (amount > left) throw badRequest(sponsorshipAmountTooHigh(centsToDecimal(left)));
  }
  return writePayLink(db, {
    target: { kind: 'sponsorship', sponsorshipId: input.sponsorshipId },
    amountCents: amount,
    createdBy: input.createdBy,
    linkKey: input.linkKey,
    now: input.now,
  });
}

/**
 * A link that lets whoever holds it pay this sponsorship without signing in: a random key,
 * answered this once and kept only as its hash (decision 029).
 */
export async function createSponsorshipPayLink(
  ctx: AppContext,
  input: NewSponsorshipPayLink,
): Promise<{ linkKey: string; url: string }> {
  const { linkKey } = await writeSponsorshipPayLink(ctx.db, { ...input, linkKey: randomToken(), now: ctx.clock() });
  return { linkKey, url: payLinkUrl(ctx.config.publicUrl, 'sponsorship', linkKey) };
}
