/**
 * What the product needs from a payment gateway (D13): a hosted checkout page for an
 * amount, and the gateway's own word on whether it was paid. The payer's card never
 * reaches this product.
 */

/** The gateway's word on a checkout: only 'paid' counts as money received. */
export type CheckoutStatus = 'paid' | 'open' | 'declined' | 'expired';

export interface CheckoutRequest {
  /** Our payment's key, echoed back by the gateway. */
  paymentKey: string;
  amountCents: number;
  /** What is paid for, shown on the gateway's page. */
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
}

export interface StartedCheckout {
  /** The gateway's reference of the checkout (stored as payments.gateway_ref). */
  ref: string;
  /** The hosted page the payer is sent to. */
  url: string;
}

export interface CheckoutState {
  status: CheckoutStatus;
  amountCents: number;
}

/**
 * The gateway's notice about one checkout: Stripe's signed webhook, or the test gateway's
 * page as it settles a session. Handled alike by handleGatewayEvent.
 */
export interface CheckoutEvent {
  ref: string;
  /** 'settle' asks the gateway for the checkout's state; 'failed' says the payment will not come. */
  outcome: 'settle' | 'failed';
}

/** The gateway's later word on a refund it had left pending (the card's bank answered). */
export interface RefundEvent {
  outcome: 'refund';
  /** Our refund's key, as it was given with the refund. */
  refundKey: string;
  result: RefundResult;
}

/**
 * Money given back of a paid checkout at the gateway itself (Stripe's dashboard), not asked
 * by this product: recorded as a refund so that the account still says what the payer holds.
 */
export interface GatewayRefundEvent {
  outcome: 'gateway-refund';
  /** The gateway's reference of the charge it was made of (Stripe's payment intent). */
  chargeRef: string;
  refund: { ref: string; amountCents: number; status: RefundResult['status'] };
}

/** Where a card dispute stands: open while the bank decides; lost, the money went back to the cardholder. */
export type DisputeStatus = 'open' | 'won' | 'lost';

/** The cardholder's bank disputes a charge (a chargeback), or has decided it. */
export interface DisputeEvent {
  outcome: 'dispute';
  chargeRef: string;
  dispute: {
    ref: string;
    amountCents: number;
    /** The bank's reason, in the gateway's word ('fraudulent', 'product_not_received'…). */
    reason: string;
    status: DisputeStatus;
    /** By when the gateway wants our evidence, while it is open. */
    respondBy: Date | null;
  };
}

export type GatewayEvent = CheckoutEvent | RefundEvent | GatewayRefundEvent | DisputeEvent;

/** Money to give back of a paid checkout, to the card it came from. */
export interface RefundRequest {
  /** The paid checkout's reference (payments.gateway_ref). */
  checkoutRef: string;
  amountCents: number;
  /** Our refund's own key: the same refund asked twice (a retry, a crash) is made once. */
  refundKey: string;
}

/** The gateway's word on a refund: 'pending' until the card's bank has it, for some gateways. */
export interface RefundResult {
  ref: string;
  status: 'succeeded' | 'pending' | 'failed';
  /** Why it failed, in the gateway's words. */
  failure?: string;
}

export interface PaymentGateway {
  /** Stored with each payment, so that it is confirmed with the gateway that took it. */
  readonly name: 'test' | 'stripe';
  startCheckout(request: CheckoutRequest): Promise<StartedCheckout>;
  retrieve(ref: string): Promise<CheckoutState>;
  /** Closes a checkout that is no longer wanted, so that it cannot be paid any more. */
  expire(ref: string): Promise<void>;
  /**
   * Gives back all or part of a paid checkout to its card. Answers 'failed' when the gateway
   * refuses it (more than the charge has left, a charge disputed); throws when it cannot be asked.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * The checkout a charge was paid through (payments.gateway_ref), for the gateway's own word
   * about the charge (a refund at its dashboard, a dispute); undefined for a charge it does not know.
   */
  checkoutOfCharge(chargeRef: string): Promise<string | undefined>;
  /**
   * Verifies a webhook's signature and reads it: undefined for events of no interest.
   * Throws WebhookSignatureError when the signature does not hold. Only gateways that send webhooks.
   */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): GatewayEvent | undefined;
}

export class WebhookSignatureError extends Error {
  constructor() {
    super('The webhook signature does not match.');
    this.name = 'WebhookSignatureError';
  }
}
