import { MSG, sponsorshipAmountTooHigh } from '@portal/contracts/messages';
import { centsToDecimal } from '@portal/contracts/money';
import { PAY_LINK_VALID_DAYS } from '@portal/contracts/pay-links';
import { routePath } from '@portal/contracts/routes';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { pay_links, sponsorships } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import { isPayableStatus } from './pay-sponsorship.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  const expiresAt = new Date(input.now.getTime() + PAY_LINK_VALID_DAYS * DAY_MS);
  const [row] = await db
    .insert(pay_links)
    .values({
      link_key: input.linkKey,
      kind: 'sponsorship',
      sponsorship_id: input.sponsorshipId,
      amount_cents: amount ?? null,
      created_by: input.createdBy ?? null,
      expires_at: expiresAt,
    })
    .returning({ id: pay_links.id });
  if (!row) throw new Error('pay link insert returned no row');
  return { id: row.id, linkKey: input.linkKey, expiresAt };
}

/**
 * A link staff e-mail that lets whoever holds it pay this sponsorship without signing in
 * (the back office calls it): a random key, kept as it is sent, since it opens nothing but
 * this payment.
 */
export async function createSponsorshipPayLink(
  ctx: AppContext,
  input: NewSponsorshipPayLink,
): Promise<{ linkKey: string; url: string }> {
  const { linkKey } = await writeSponsorshipPayLink(ctx.db, { ...input, linkKey: randomToken(), now: ctx.clock() });
  return { linkKey, url: `${ctx.config.publicUrl}${routePath('sponsorshipPay', { key: linkKey })}` };
}
