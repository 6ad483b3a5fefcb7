import { formatMoney } from '@portal/contracts/money';
import type { SPONSORSHIP_PAYMENT_RESULTS, SponsorshipStatus } from '@portal/contracts/sponsorships';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payment_allocations, sponsorships } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type ReturnVia, settleReturnedPayment } from '../payments/settle-returned-payment.ts';

/** A single sponsorship payment the payer came back with, found by whoever may see it. */
export interface ReturnedSponsorshipPayment {
  id: number;
  key: string;
  user_id: number;
  amount_cents: number;
}

export interface SponsorshipPaymentResult {
  sponsorship_id: number;
  sponsorship_status: SponsorshipStatus;
  payment_result: (typeof SPONSORSHIP_PAYMENT_RESULTS)[number];
  /** What the attempt was for. */
  amount_cents: number;
  left_amount: number;
  left_amount_html: string;
}

/**
 * What a single sponsorship payment came to, after settling it with the gateway (D13), and
 * the sponsorship it pays as it now stands: the signed-in result pages and the pay link's
 * share it. The caller has checked that the payment is the asker's to see.
 */
export async function sponsorshipPaymentResult(
  ctx: AppContext,
  payment: ReturnedSponsorshipPayment,
  via: ReturnVia | undefined,
): Promise<SponsorshipPaymentResult> {
  const result = await settleReturnedPayment(ctx, payment.key, via);
  // Committed: the sponsor's list, next asked, shows what was paid (other servers hear of it by the change feed).
  if (result === 'paid') ctx.feed.touch('sponsorships');
  const [row] = await ctx.db
    .select({
      id: sponsorships.id,
      status: sponsorships.status,
      total: sponsorships.total_cents,
      paid: sponsorships.paid_cents,
    })
    .from(payment_allocations)
    .innerJoin(sponsorships, eq(sponsorships.id, payment_allocations.sponsorship_id))
    .where(and(eq(payment_allocations.payment_id, payment.id), eq(sponsorships.sponsor_user_id, payment.user_id)))
    .orderBy(asc(payment_allocations.sponsorship_id))
    .limit(1);
  if (!row) throw notFound();
  const left = Math.max(0, row.total - row.paid);
  return {
    sponsorship_id: row.id,
    sponsorship_status: row.status,
    payment_result: result,
    amount_cents: payment.amount_cents,
    left_amount: left,
    left_amount_html: formatMoney(left),
  };
}
