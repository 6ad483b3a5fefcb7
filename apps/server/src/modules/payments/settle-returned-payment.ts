import type { PaymentResult } from '@portal/contracts/checkout';
import type { AppContext } from '../../context.ts';
import { closePayment } from './close-payment.ts';
import { GatewayUnavailableError, type Settled, settlePayment } from './confirm-payment.ts';

export type ReturnVia = 'success' | 'cancel';

/** The gateway's word on a payment, as the payer is told it. */
export function paymentResultOf(settled: Settled): PaymentResult {
  if (settled.status === 'succeeded') return 'paid';
  if (settled.status === 'pending') return 'pending';
  // Closed at the gateway without a card refused: the payer left (or a newer checkout replaced it).
  return settled.checkout === 'expired' || settled.checkout === 'open' ? 'cancelled' : 'declined';
}

/**
 * Settles a payment the payer came back with (the caller has checked it is theirs). Back
 * by the cancel address with its checkout still open, the payer left the gateway's page:
 * that checkout is closed, which records the payment as not paid (or paid, had the payer
 * just paid in another tab). A gateway out of reach answers pending.
 */
export async function settleReturnedPayment(
  ctx: AppContext,
  paymentKey: string,
  via: ReturnVia | undefined,
): Promise<PaymentResult> {
  try {
    let settled = await settlePayment(ctx, paymentKey);
    if (via === 'cancel' && settled.checkout === 'open') settled = await closePayment(ctx, paymentKey);
    return paymentResultOf(settled);
  } catch (error) {
    // The gateway out of reach: the payment is not known yet, and the webhook or the
    // reconciliation records it once the gateway answers again.
    if (error instanceof GatewayUnavailableError) return 'pending';
    throw error;
  }
}
