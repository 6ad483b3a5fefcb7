import { centsToDecimal } from '@portal/contracts/money';
import type { TSponsorshipConfirmResponse } from '@portal/contracts/sponsorships';
import type { AppContext } from '../../context.ts';
import type { ReturnVia } from '../payments/settle-returned-payment.ts';
import { findSponsorPayment } from './find-sponsor-payment.ts';
import { sponsorshipPaymentResult } from './sponsorship-payment-result.ts';

/** The single payment's result page (sponsorshipconfirm): the sponsorship after settling with the gateway (D13). */
export async function confirmSponsorshipPayment(
  ctx: AppContext,
  sponsorId: number,
  paymentKey: string,
  via: ReturnVia | undefined,
): Promise<TSponsorshipConfirmResponse> {
  const payment = await findSponsorPayment(ctx.db, sponsorId, paymentKey, 'sponsorship');
  const { amount_cents, ...result } = await sponsorshipPaymentResult(ctx, payment, via);
  return { status: 'success', message: 'ok', ...result, amount: centsToDecimal(amount_cents) };
}
