import { formatMoney } from '@portal/contracts/money';
import type { TSponsorshipPayLinkResponse } from '@portal/contracts/pay-links';
import type { AppContext } from '../../context.ts';
import { findSponsorshipPayLink, payLinkCharge } from './find-sponsorship-pay-link.ts';

/** What a pay link pays (GET sponsorshippaylink): the sponsorship's figures and what Pay Now will charge. */
export async function getSponsorshipPayLink(ctx: AppContext, linkKey: string): Promise<TSponsorshipPayLinkResponse> {
  const found = await findSponsorshipPayLink(ctx.db, linkKey, ctx.clock());
  const { sponsorship: s } = found;
  const { left, charge } = payLinkCharge(found);
  return {
    status: 'success',
    message: 'ok',
    sponsorship_id: s.id,
    year: s.year,
    company_name: found.company_name,
    total_amount: s.total_cents,
    total_amount_html: formatMoney(s.total_cents),
    paid_amount: s.paid_cents,
    paid_amount_html: formatMoney(s.paid_cents),
    left_amount: left,
    left_amount_html: formatMoney(left),
    amount: charge,
    amount_html: formatMoney(charge),
    paid_in_full: charge === 0,
    sponsorship_status: s.status,
    expires_at: found.link.expires_at.toISOString(),
  };
}
