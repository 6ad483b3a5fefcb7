import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { queryInt } from './query.ts';
import './zod-messages.ts';

/**
 * Problem payments (decision 035): money a gateway reports as paid that the server could not
 * count as it stood. Such a payment stays pending, holding what it pays as in flight, until
 * an administrator decides what became of the money.
 */

/**
 * 'amount-mismatch': the gateway took another amount than the payment asked;
 * 'unrecordable': what it pays refused it (it would be paid beyond its total).
 */
export const PAYMENT_PROBLEM_KINDS = ['amount-mismatch', 'unrecordable'] as const;
export type PaymentProblemKind = (typeof PAYMENT_PROBLEM_KINDS)[number];

export const PAYMENT_PROBLEM_LABELS: Record<PaymentProblemKind, string> = {
  'amount-mismatch': 'Another amount was paid',
  unrecordable: 'It would pay more than is owed',
};

/**
 * What staff decide: 'record' counts it at the amount the gateway took (the difference shows
 * as balance due or as credit); 'refund' gives all the gateway took back to the card and
 * counts nothing; 'fail' says the money never came or was given back elsewhere.
 */
export const PAYMENT_PROBLEM_RESOLUTIONS = ['record', 'refund', 'fail'] as const;
export type PaymentProblemResolution = (typeof PAYMENT_PROBLEM_RESOLUTIONS)[number];

export const PAYMENT_PROBLEM_RESOLUTION_LABELS: Record<PaymentProblemResolution, string> = {
  record: 'Record it at the amount paid',
  refund: 'Refund it to the card',
  fail: 'Mark it failed',
};

/** What a payment pays, as the list links to it. */
export const PaymentProblemRecord = z.object({
  kind: z.enum(['order', 'sponsorship']),
  id: z.number().int(),
  /** "Order #41", "Sponsorship #7". */
  label: z.string(),
});

export const PaymentProblemRow = z.object({
  payment_id: z.number().int(),
  problem: z.enum(PAYMENT_PROBLEM_KINDS),
  /** The school's or the sponsor's name (their e-mail when they have none). */
  payer: z.string(),
  payer_email: z.string(),
  pays: z.array(PaymentProblemRecord),
  /** What the payment asked. */
  amount_cents: z.number().int(),
  /** What the gateway reported it took, when it said another amount; null otherwise. */
  gateway_amount_cents: z.number().int().nullable(),
  gateway: z.string(),
  gateway_ref: z.string().nullable(),
  /** ISO instants: when the payment started, and when the problem was noted. */
  started_at: z.string(),
  noted_at: z.string(),
});
export type TPaymentProblemRow = z.infer<typeof PaymentProblemRow>;

/** GET /api/admin/payment-problems: every problem payment awaiting a decision, oldest first. */
export const AdminPaymentProblemsResponse = successWith({ rows: z.array(PaymentProblemRow) });
export type TAdminPaymentProblemsResponse = z.infer<typeof AdminPaymentProblemsResponse>;

/** POST /api/admin/payment-problems/:id/resolve: the payment's number. */
export const PaymentProblemParams = z.object({ id: queryInt('id', { min: 1, max: 2_147_483_647 }) });

/** POST /api/admin/payment-problems/:id/resolve */
export const ResolvePaymentProblemBody = z.object({
  resolution: z.enum(PAYMENT_PROBLEM_RESOLUTIONS, { error: MSG.paymentProblemResolutionRequired }),
  /** Why, as staff say it: kept in the audit log. */
  note: z.string().trim().min(1, MSG.paymentProblemNoteRequired).max(300, tooLong(300)),
});
export type TResolvePaymentProblemBody = z.input<typeof ResolvePaymentProblemBody>;

export const ResolvePaymentProblemResponse = successWith({
  resolution: z.enum(PAYMENT_PROBLEM_RESOLUTIONS),
  /** What was counted ('record') or given back ('refund'); 0 for 'fail'. */
  amount_cents: z.number().int(),
});
export type TResolvePaymentProblemResponse = z.infer<typeof ResolvePaymentProblemResponse>;

/**
 * Card disputes (chargebacks, decision 041): the cardholder's bank takes a charge back. Open,
 * the money still counts as received; lost, it counts as given back; won, nothing changes.
 */
export const PAYMENT_DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type PaymentDisputeStatus = (typeof PAYMENT_DISPUTE_STATUSES)[number];

export const PAYMENT_DISPUTE_STATUS_LABELS: Record<PaymentDisputeStatus, string> = {
  open: 'Open',
  won: 'Won',
  lost: 'Lost',
};

/** The banks' reasons as the gateway (Stripe) names them, in words. */
const DISPUTE_REASON_LABELS: Record<string, string> = {
  bank_cannot_process: 'Bank cannot process',
  check_returned: 'Check returned',
  credit_not_processed: 'Refund not processed',
  customer_initiated: 'Cardholder’s request',
  debit_not_authorized: 'Debit not authorized',
  duplicate: 'Duplicate',
  fraudulent: 'Fraudulent',
  general: 'General',
  incorrect_account_details: 'Incorrect account details',
  insufficient_funds: 'Insufficient funds',
  product_not_received: 'Product not received',
  product_unacceptable: 'Product unacceptable',
  subscription_canceled: 'Subscription cancelled',
  unrecognized: 'Not recognized',
};

/** A dispute's reason in words: the gateway's own word, spaced, when it is a new one. */
export function disputeReasonLabel(reason: string): string {
  const known = DISPUTE_REASON_LABELS[reason];
  if (known) return known;
  const spaced = reason.replaceAll('_', ' ').trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : 'Not given';
}

export const PaymentDisputeRow = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  status: z.enum(PAYMENT_DISPUTE_STATUSES),
  /** What the bank took back, or would. */
  amount_cents: z.number().int(),
  /** The bank's reason, in words. */
  reason: z.string(),
  /** ISO instant by when the gateway wants the evidence, while open; null otherwise or unknown. */
  respond_by: z.string().nullable(),
  payer: z.string(),
  payer_email: z.string(),
  pays: z.array(PaymentProblemRecord),
  gateway: z.string(),
  /** The gateway's reference of the dispute, to find it at its dashboard. */
  gateway_ref: z.string(),
  /** ISO instants: when it was first reported, and when last changed. */
  opened_at: z.string(),
  updated_at: z.string(),
});
export type TPaymentDisputeRow = z.infer<typeof PaymentDisputeRow>;

/**
 * GET /api/admin/payment-disputes: open disputes, soonest answer first, then those decided in
 * the last 90 days, latest first.
 */
export const AdminPaymentDisputesResponse = successWith({ disputes: z.array(PaymentDisputeRow) });
export type TAdminPaymentDisputesResponse = z.infer<typeof AdminPaymentDisputesResponse>;
