import type { Executor } from '../../db/client.ts';
import type { payments } from '../../db/schema/index.ts';

/** What a payment pays: an order, one sponsorship, or several sponsorships at once. */
export type PaymentKind = (typeof payments.$inferSelect)['kind'];

/** The gateway name of a payment staff recorded by hand (a check, a bank transfer): no gateway to ask. */
export const OFFLINE_GATEWAY = 'offline';

/** The gateway name of a payment made of a credit the payer had on another record, as staff applied it. */
export const CREDIT_GATEWAY = 'credit';

/** Money staff recorded rather than a gateway took: no gateway to ask about it or to refund it through. */
export const recordedByStaff = (gateway: string) => gateway === OFFLINE_GATEWAY || gateway === CREDIT_GATEWAY;

/** One thing a payment pays for, and how much of the payment goes to it. */
export type Allocation = { order_id: number; amount_cents: number } | { sponsorship_id: number; amount_cents: number };

/** A payment as the kinds that subscribe to it see it. */
export interface PaymentRecord {
  id: number;
  kind: PaymentKind;
  user_id: number;
  amount_cents: number;
  /** Who took it: the card gateway's name, or 'offline' for a check or a transfer staff recorded. */
  gateway: string;
  gateway_ref: string | null;
  confirmed_at: Date | null;
}

/** The receipt of a confirmed payment, written to the outbox in the confirming transaction. */
export interface ReceiptMail {
  /** The outbox's name for it: 'payment-receipt' unless told. */
  template?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The payment whose receipt PDF it carries, where the kind has one (an order's). */
  receiptOf?: number;
}

/**
 * What the payment domain asks of the owner of what is paid. Each runs inside the payment's
 * own transaction, so that the payment and what it pays change together or not at all.
 */
export interface PaymentKindHandlers {
  /**
   * Ties a new payment to what it pays, locking it and refusing (with an AppError) what
   * cannot be paid now: two payments started at once cannot together pay more than is owed.
   */
  attach(tx: Executor, payment: PaymentRecord, allocations: Allocation[]): Promise<void>;
  /** The payment is confirmed: what it pays is paid. Answers the payer's receipt. */
  paid(tx: Executor, payment: PaymentRecord): Promise<ReceiptMail | undefined>;
  /** The payment will not come (declined, expired, replaced). */
  failed(tx: Executor, payment: PaymentRecord): Promise<void>;
  /**
   * Money went back of the payment (a refund succeeded): what it paid for counts it.
   * Answers the payer's notice. A kind without it takes no refunds yet.
   */
  refunded?(tx: Executor, payment: PaymentRecord, refund: RefundRecord): Promise<ReceiptMail | undefined>;
}

/** A refund as the kinds see it. */
export interface RefundRecord {
  id: number;
  /** Of a payment of sponsorships, the one it gives back of. */
  sponsorship_id: number | null;
  amount_cents: number;
  /** 'credit': kept as the payer's credit and applied to another of their records. */
  method: 'card' | 'offline' | 'credit';
  reference: string | null;
  reason: string;
}

const kinds = new Map<PaymentKind, PaymentKindHandlers>();

/** Called once at boot by each domain that takes payments. */
export function registerPaymentKind(kind: PaymentKind, handlers: PaymentKindHandlers): void {
  kinds.set(kind, handlers);
}

export function handlersOf(kind: PaymentKind): PaymentKindHandlers {
  const handlers = kinds.get(kind);
  if (!handlers) throw new Error(`no handlers registered for ${kind} payments`);
  return handlers;
}
