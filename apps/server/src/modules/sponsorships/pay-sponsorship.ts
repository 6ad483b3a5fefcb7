import { MSG, sponsorshipAmountTooHigh } from '@portal/contracts/messages';
import { centsToDecimal } from '@portal/contracts/money';
import { isPayableStatus, leftToPay } from '@portal/contracts/sponsorship-rules';
import { amountToCents } from '@portal/contracts/sponsorships';
import type { AppContext } from '../../context.ts';
import { conflict, fieldError } from '../../lib/errors.ts';
import { startPayment } from '../payments/start-payment.ts';
import { findSponsorSponsorship } from './find-sponsor-sponsorship.ts';
import { settleSponsorshipPayments } from './settle-sponsorship-payments.ts';

/**
 * Starts a card payment of one sponsorship (sponsorshippayment): any whole-cent amount up
 * to what is left, which the payment itself checks again with the sponsorship locked.
 */
export async function paySponsorship(
  ctx: AppContext,
  sponsorId: number,
  input: { sponsorshipId: number; amount: string },
): Promise<{ paymentLink: string }> {
  const sponsorship = await findSponsorSponsorship(ctx.db, sponsorId, input.sponsorshipId);
  const cents = amountToCents(input.amount);
  if (cents === undefined) throw fieldError('amount', MSG.sponsorshipAmountInvalid);
  const left = leftToPay(sponsorship);
  if (!isPayableStatus(sponsorship.status) || left <= 0) throw conflict(MSG.sponsorshipNothingToPay);
  if (cents > left) throw fieldError('amount', sponsorshipAmountTooHigh(centsToDecimal(left)));

  await settleSponsorshipPayments(ctx, [sponsorship.id], { restart: true });
  const back = (page: string) => `${ctx.config.publicUrl}/${page}/{payment_key}`;
  const started = await startPayment(ctx, {
    payerId: sponsorId,
    kind: 'sponsorship',
    allocations: [{ sponsorship_id: sponsorship.id, amount_cents: cents }],
    description: `Sponsorship #${sponsorship.id}`,
    successUrl: back('sponsorship-confirmed'),
    cancelUrl: back('sponsorship-error'),
  });
  return { paymentLink: started.url };
}
