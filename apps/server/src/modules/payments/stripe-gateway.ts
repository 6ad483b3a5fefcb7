import Stripe from 'stripe';
import {
  type CheckoutEvent,
  type CheckoutState,
  type PaymentGateway,
  type RefundResult,
  WebhookSignatureError,
} from './gateway.ts';
import { GATEWAY_TIMEOUT_MS } from './gateway-timeout.ts';

/** Stripe's API address; tests point it at a local stand-in. */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  api?: StripeApiAddress;
  /** How long a call may take before it is tried once more, then given up (GATEWAY_TIMEOUT_MS unless told). */
  timeoutMs?: number;
}

/** The Checkout events this product acts on; every other event is acknowledged and ignored. */
const EVENT_OUTCOMES: Record<string, CheckoutEvent['outcome']> = {
  'checkout.session.completed': 'settle',
  'checkout.session.async_payment_succeeded': 'settle',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'failed',
};

/** The refund events that settle a refund Stripe left pending. */
const REFUND_EVENTS = new Set(['refund.updated', 'refund.failed']);

function refundResultOf(refund: Stripe.Refund): RefundResult {
  if (refund.status === 'succeeded') return { ref: refund.id, status: 'succeeded' };
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return { ref: refund.id, status: 'failed', failure: refund.failure_reason ?? `Stripe answered ${refund.status}.` };
  }
  return { ref: refund.id, status: 'pending' };
}

function stateOf(session: Stripe.Checkout.Session): CheckoutState {
  const amountCents = session.amount_total ?? 0;
  if (session.payment_status === 'paid') return { status: 'paid', amountCents };
  if (session.status === 'expired') return { status: 'expired', amountCents };
  return { status: 'open', amountCents };
}

/** Stripe Checkout (D13): a hosted Checkout Session per payment, confirmed by retrieving it or by a signed webhook. */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    // One retry of a call that timed out or failed on the network (idempotent: a checkout is
    // created with our payment's key), so that a payer waits at most about twice the limit.
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? GATEWAY_TIMEOUT_MS,
    telemetry: false,
    ...options.api,
  });
  return {
    name: 'stripe',
    async startCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.paymentKey,
          metadata: { payment_key: request.paymentKey },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried request never opens a second session for the same payment.
        { idempotencyKey: `checkout-${request.paymentKey}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { ref: session.id, url: session.url };
    },
    async retrieve(ref) {
      return stateOf(await stripe.checkout.sessions.retrieve(ref));
    },
    async expire(ref) {
      await stripe.checkout.sessions.expire(ref);
    },
    async refund({ checkoutRef, amountCents, refundKey }) {
      const session = await stripe.checkout.sessions.retrieve(checkoutRef);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) return { ref: '', status: 'failed', failure: 'The checkout has no charge to refund.' };
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: intent, amount: amountCents, metadata: { refund_key: refundKey } },
          // Asked twice (a retry, a second click that got through), it is made once.
          { idempotencyKey: `refund-${refundKey}` },
        );
      } catch (error) {
        // Stripe's refusal of this refund (too much, a disputed charge): its words for staff.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { ref: '', status: 'failed', failure: error.message };
        }
        throw error;
      }
      return refundResultOf(refund);
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      if (REFUND_EVENTS.has(event.type)) {
        const refund = event.data.object as Stripe.Refund;
        const refundKey = refund.metadata?.refund_key;
        // A refund made at Stripe's own dashboard carries none of our keys: not one of ours.
        return refundKey ? { outcome: 'refund', refundKey, result: refundResultOf(refund) } : undefined;
      }
      const outcome = EVENT_OUTCOMES[event.type];
      if (!outcome) return undefined;
      const session = event.data.object as Stripe.Checkout.Session;
      return { ref: session.id, outcome };
    },
  };
}
