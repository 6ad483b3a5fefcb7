import Stripe from 'stripe';
import {
  type CheckoutEvent,
  type CheckoutState,
  type DisputeStatus,
  type GatewayEvent,
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

/** The refund events: ours settle a refund Stripe left pending; others were made at Stripe's dashboard. */
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed']);

/** The dispute events: opened, changed, decided. */
const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed']);

/** Stripe's dispute statuses as the account reads them: only 'lost' takes the money back. */
function disputeStatusOf(status: Stripe.Dispute.Status): DisputeStatus {
  if (status === 'lost') return 'lost';
  // An inquiry closed without a chargeback, a dispute won or prevented: the money stays.
  if (status === 'won' || status === 'warning_closed' || status === 'prevented') return 'won';
  return 'open';
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

function refundEventOf(type: string, refund: Stripe.Refund): GatewayEvent | undefined {
  const refundKey = refund.metadata?.refund_key;
  // A refund this product asked for carries its key; one made at Stripe's dashboard carries none.
  if (refundKey) {
    // refund.created answers what the refund call itself has answered already.
    return type === 'refund.created' ? undefined : { outcome: 'refund', refundKey, result: refundResultOf(refund) };
  }
  const chargeRef = idOf(refund.payment_intent);
  if (!chargeRef) return undefined;
  return {
    outcome: 'gateway-refund',
    chargeRef,
    refund: { ref: refund.id, amountCents: refund.amount, status: refundResultOf(refund).status },
  };
}

function disputeEventOf(dispute: Stripe.Dispute): GatewayEvent | undefined {
  const chargeRef = idOf(dispute.payment_intent);
  if (!chargeRef) return undefined;
  const dueBy = dispute.evidence_details?.due_by;
  return {
    outcome: 'dispute',
    chargeRef,
    dispute: {
      ref: dispute.id,
      amountCents: dispute.amount,
      reason: dispute.reason,
      status: disputeStatusOf(dispute.status),
      respondBy: dueBy ? new Date(dueBy * 1000) : null,
    },
  };
}

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
    async checkoutOfCharge(chargeRef) {
      const found = await stripe.checkout.sessions.list({ payment_intent: chargeRef, limit: 1 });
      return found.data[0]?.id;
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      if (REFUND_EVENTS.has(event.type)) return refundEventOf(event.type, event.data.object as Stripe.Refund);
      if (DISPUTE_EVENTS.has(event.type)) return disputeEventOf(event.data.object as Stripe.Dispute);
      const outcome = EVENT_OUTCOMES[event.type];
      if (!outcome) return undefined;
      const session = event.data.object as Stripe.Checkout.Session;
      return { ref: session.id, outcome };
    },
  };
}
