import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { SPONSORSHIP_PAYMENT_RESULTS, SPONSORSHIP_STATUSES, SponsorshipConfirmQuery } from './sponsorships.ts';
import './zod-messages.ts';

/**
 * Pay links: a link staff e-mail that lets whoever holds it pay one sponsorship without
 * signing in (D13). The key names what is paid and nothing else; it is valid for
 * PAY_LINK_VALID_DAYS days. Money in whole cents, each amount beside its `_html` text.
 */

/** How long a pay link may be used after it is made. */
export const PAY_LINK_VALID_DAYS = 30;

const linkKey = z
  .string({ error: MSG.payLinkKeyRequired })
  .trim()
  .min(1, MSG.payLinkKeyRequired)
  .max(100, tooLong(100));

/** GET /api/sponsorshippaylink */
export const SponsorshipPayLinkQuery = z.object({ link_key: linkKey });

export const SponsorshipPayLinkResponse = successWith({
  sponsorship_id: z.number().int(),
  /** The school year, as its starting calendar year. */
  year: z.number().int(),
  /** The sponsor's company name. */
  company_name: z.string(),
  total_amount: z.number().int(),
  total_amount_html: z.string(),
  paid_amount: z.number().int(),
  paid_amount_html: z.string(),
  left_amount: z.number().int(),
  left_amount_html: z.string(),
  /** What Pay Now charges: the link's own amount, or what is left, never more than is left; 0 once paid in full. */
  amount: z.number().int(),
  amount_html: z.string(),
  /** Nothing is left to pay: the page says so (it is no error). */
  paid_in_full: z.boolean(),
  sponsorship_status: z.enum(SPONSORSHIP_STATUSES),
  /** ISO date and time after which the link no longer pays. */
  expires_at: z.string(),
});
export type TSponsorshipPayLinkResponse = z.infer<typeof SponsorshipPayLinkResponse>;

/** POST /api/sponsorshippaylink */
export const PaySponsorshipPayLinkBody = z.object({ link_key: linkKey });
export type TPaySponsorshipPayLinkBody = z.input<typeof PaySponsorshipPayLinkBody>;

export const PaySponsorshipPayLinkResponse = successWith({
  /** The gateway's hosted page the browser is sent to. */
  payment_link: z.string(),
});
export type TPaySponsorshipPayLinkResponse = z.infer<typeof PaySponsorshipPayLinkResponse>;

/** GET /api/sponsorshippaymentconfirm: a pay-link payment's result (sponsorship-payment-confirmed/-error). */
export const SponsorshipPaymentConfirmQuery = SponsorshipConfirmQuery;

export const SponsorshipPaymentConfirmResponse = successWith({
  sponsorship_id: z.number().int(),
  sponsorship_status: z.enum(SPONSORSHIP_STATUSES),
  payment_result: z.enum(SPONSORSHIP_PAYMENT_RESULTS),
  /** What this attempt was for (paid only when payment_result is 'paid'). */
  amount: z.number().int(),
  amount_html: z.string(),
  left_amount: z.number().int(),
  left_amount_html: z.string(),
  /** The link it was started from, for Pay Now. */
  pay_link_key: z.string(),
});
export type TSponsorshipPaymentConfirmResponse = z.infer<typeof SponsorshipPaymentConfirmResponse>;
