import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { ORDER_STATUSES, OrderPricing } from './orders.ts';
import { PAYMENT_STATUSES } from './school-orders.ts';
import { SPONSORSHIP_PAYMENT_RESULTS, SPONSORSHIP_STATUSES, SponsorshipConfirmQuery } from './sponsorships.ts';
import './zod-messages.ts';

/**
 * Pay links: a link staff e-mail that lets whoever holds it pay one sponsorship without
 * signing in (D13). The key names what is paid and nothing else; it is valid for
 * PAY_LINK_VALID_DAYS days, and the server keeps only its hash, so no answer carries it
 * except the one that made it (decision 029). Money in whole cents, each amount beside its
 * `_html` text.
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
});
export type TSponsorshipPaymentConfirmResponse = z.infer<typeof SponsorshipPaymentConfirmResponse>;

/**
 * Order pay links: the balance of a school's order (its total less what has been paid, e.g.
 * once staff added tax), paid from an e-mailed link without signing in. Same table, key,
 * validity and rules as a sponsorship's link; an order's link always pays the whole balance.
 */

/** GET /api/orderpaylink */
export const OrderPayLinkQuery = z.object({ link_key: linkKey });

export const OrderPayLinkResponse = successWith({
  order: OrderPricing.extend({
    order_id: z.number().int(),
    order_status: z.enum(ORDER_STATUSES),
    /** ISO date the order was started. */
    order_date: z.string(),
    school_year: z.string(),
    product_name: z.string(),
    /** The tax staff added, '' until they have. */
    tax_amount_html: z.string(),
  }),
  school_name: z.string(),
  /** 'INV-000012' once invoiced, else ''. */
  invoice: z.string(),
  total_amount_cents: z.number().int(),
  paid_amount: z.number().int(),
  paid_amount_html: z.string(),
  /** What Pay Now charges: the balance due; 0 once nothing is left (the page says it is paid). */
  amount: z.number().int(),
  amount_html: z.string(),
  paid_in_full: z.boolean(),
  payment_status: z.enum(PAYMENT_STATUSES),
  expires_at: z.string(),
});
export type TOrderPayLinkResponse = z.infer<typeof OrderPayLinkResponse>;

/** POST /api/orderpaylink */
export const PayOrderPayLinkBody = z.object({ link_key: linkKey });
export const PayOrderPayLinkResponse = PaySponsorshipPayLinkResponse;
export type TPayOrderPayLinkResponse = z.infer<typeof PayOrderPayLinkResponse>;

/** GET /api/orderpaymentconfirm: an order pay-link payment's result (order-payment-confirmed/-error). */
export const OrderPaymentConfirmQuery = SponsorshipConfirmQuery;

export const OrderPaymentConfirmResponse = successWith({
  order_id: z.number().int(),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_result: z.enum(SPONSORSHIP_PAYMENT_RESULTS),
  amount: z.number().int(),
  amount_html: z.string(),
  /** The balance due after it. */
  left_amount: z.number().int(),
  left_amount_html: z.string(),
});
export type TOrderPaymentConfirmResponse = z.infer<typeof OrderPaymentConfirmResponse>;

/** GET /api/admin/orders/:id/pay-link: whether staff may send a pay link, for what, to whom. */
export const AdminOrderPayLinkResponse = successWith({
  payable: z.boolean(),
  /** Why not, in staff's words, when it is not payable. */
  reason: z.string(),
  balance: z.number().int(),
  balance_html: z.string(),
  paid_amount_html: z.string(),
  /** The school's e-mail address, where the link goes unless staff name another. */
  email: z.string(),
  /** The links sent so far, newest first. */
  sent: z.array(z.object({ created_at: z.string(), expires_at: z.string(), sent_by: z.string() })),
});
export type TAdminOrderPayLinkResponse = z.infer<typeof AdminOrderPayLinkResponse>;

/** POST /api/admin/orders/:id/pay-link: '' sends it to the school's own address. */
export const AdminSendOrderPayLinkBody = z.object({
  to: z.union([z.literal(''), z.email(MSG.invalidEmail).max(200, tooLong(200))]).default(''),
});
export type TAdminSendOrderPayLinkBody = z.input<typeof AdminSendOrderPayLinkBody>;

/** The link as e-mailed, this once (only its key's hash is kept, decision 029), and where it went. */
export const AdminSendOrderPayLinkResponse = successWith({ url: z.string(), to: z.string() });
