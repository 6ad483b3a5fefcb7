import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../lib/errors.ts';
import { startPayment } from '../payments/start-payment.ts';
import { findSponsorshipPayLink, payLinkCharge } from './find-sponsorship-pay-link.ts';
import { settleSponsorshipPayments } from './settle-sponsorship-payments.ts';

/**
 * Starts the card payment a pay link names (POST sponsorshippaylink), for its sponsor, who
 * need not be signed in. The payments in flight are settled first, so that one given up on
 * no longer holds back its amount, and a checkout this link started earlier is closed (the
 * payer came back from the gateway's page and pressed Pay Now again); the payment itself
 * checks again, with the sponsorship locked, that it pays no more than is left.
 */
export async function paySponsorshipPayLink(ctx: AppContext, linkKey: string): Promise<{ payment_link: string }> {
  const before = await findSponsorshipPayLink(ctx.db, linkKey, ctx.clock());
  if (payLinkCharge(before).charge === 0) throw conflict(MSG.sponsorshipNothingToPay);
  await settleSponsorshipPayments(ctx, [before.sponsorship.id], { payLink: before.link.id });
  // Settling may have recorded a payment: what is charged is read again.
  const found = await findSponsorshipPayLink(ctx.db, linkKey, ctx.clock());
  const { charge } = payLinkCharge(found);
  if (charge === 0) throw conflict(MSG.sponsorshipNothingToPay);
  const back = (page: string) => `${ctx.config.publicUrl}/${page}/{payment_key}`;
  const started = await startPayment(ctx, {
    payerId: found.sponsorship.sponsor_user_id,
    kind: 'sponsorship',
    allocations: [{ sponsorship_id: found.sponsorship.id, amount_cents: charge }],
    description: `Sponsorship #${found.sponsorship.id}`,
    successUrl: back('sponsorship-payment-confirmed'),
    cancelUrl: back('sponsorship-payment-error'),
    payLinkId: found.link.id,
  });
  return { payment_link: started.url };
}
