import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { ORDER_STATUSES, OrderPricing } from './orders.ts';
import './zod-messages.ts';

/**
 * Checkout, payment and confirmation of a finalized order (spec §2, §7 checkout,
 * placeorder, orderconfirm; D13). The payer's card is taken by the gateway's hosted page,
 * never by this product.
 */

/** The two ways to pay a finalized order at checkout (spec §4). */
export const CHECKOUT_METHODS = {
  1: 'Invoice me now',
  2: 'Pay now with credit card',
} as const;

const orderKey = z.string({ error: MSG.orderKeyRequired }).trim().min(1, MSG.orderKeyRequired).max(100, tooLong(100));

/** GET /api/checkout */
export const CheckoutQuery = z.object({ order_key: orderKey });

export const CheckoutResponse = successWith({
  order: OrderPricing.extend({
    order_id: z.number().int(),
    order_key: z.string(),
    order_status: z.enum(ORDER_STATUSES),
    /** 1 or 2 as chosen on the form; the checkout may change it. */
    payment_method: z.number().int().nullable(),
    payment_status: z.enum(['unpaid', 'paid', 'refunded']),
    /** The school answered that it is exempt from sales tax (tax 1). */
    tax_exempt: z.boolean(),
    product: z.object({ name: z.string(), slug: z.string(), image: z.string(), category: z.string() }),
  }),
});
export type TCheckoutResponse = z.infer<typeof CheckoutResponse>;

/** POST /api/placeorder (spec §3 payment checkout form). */
export const PlaceOrderBody = z.object({
  order_key: orderKey,
  payment_method: z.preprocess(
    (v) => (v === '1' ? 1 : v === '2' ? 2 : v === '' ? undefined : v),
    z.literal([1, 2], { error: MSG.choosePaymentOption }),
  ),
  tnc: z.preprocess(
    (v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on',
    z.literal(true, { error: MSG.acceptToContinue }),
  ),
});
export type TPlaceOrderBody = z.input<typeof PlaceOrderBody>;

/** 'external': `redirect` is the gateway's hosted page; 'internal': a page of ours. */
export const PlaceOrderResponse = successWith({
  type: z.enum(['internal', 'external']),
  redirect: z.string(),
});

/**
 * GET /api/orderconfirm; `payment_key` comes back from the gateway's return address, and
 * `return_via` says which of the two addresses the browser came back by.
 */
export const OrderConfirmQuery = z.object({
  order_key: orderKey,
  payment_key: z.string().trim().max(100, tooLong(100)).optional(),
  return_via: z.enum(['success', 'cancel'], { error: MSG.returnViaInvalid }).optional(),
});

/**
 * What became of the payment the browser came back with, in the gateway's own word:
 * 'cancelled' when the payer left the gateway's page without paying (that checkout is then
 * closed), 'declined' when the card was refused, 'pending' while the gateway has no answer.
 */
export const PAYMENT_RESULTS = ['paid', 'declined', 'cancelled', 'pending'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

export const OrderConfirmResponse = successWith({
  order_id: z.number().int(),
  order_key: z.string(),
  /** The order's status, or '0' when a card payment was not confirmed (Order Not Confirmed). */
  order_status: z.string(),
  /** YYYY-MM-DD, or '' until staff set it. */
  delivery_date: z.string(),
  /** What was done: 'Reservation', 'Order' or 'Paid order'. */
  order_type: z.string(),
  payment_status: z.enum(['unpaid', 'paid', 'refunded']),
  /** The payment option's words (PAYMENT_OPTIONS), '' when none. */
  payment_method: z.string(),
  total_amount_html: z.string(),
  /** The fate of the payment `payment_key` names; null when none was named. */
  payment_result: z.enum(PAYMENT_RESULTS).nullable(),
});
export type TOrderConfirmResponse = z.infer<typeof OrderConfirmResponse>;
