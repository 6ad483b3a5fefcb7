import type { TBulkSponsorshipConfirmResponse } from '@portal/contracts/sponsorships';
import type { AppContext } from '../../context.ts';
import { type ReturnVia, settleReturnedPayment } from '../payments/settle-returned-payment.ts';
import { findSponsorPayment } from './find-sponsor-payment.ts';

/** The bulk payment's result page (bulksponsorshipconfirm), after settling with the gateway (D13). */
export async function confirmBulkSponsorshipPayment(
  ctx: AppContext,
  sponsorId: number,
  paymentKey: string,
  via: ReturnVia | undefined,
): Promise<TBulkSponsorshipConfirmResponse> {
  const payment = await findSponsorPayment(ctx.db, sponsorId, paymentKey, 'bulk');
  const result = await settleReturnedPayment(ctx, payment.key, via);
  // Committed: the sponsor's list, next asked, shows what was paid (other servers hear of it by the change feed).
  if (result === 'paid') ctx.feed.touch('sponsorships');
  return { status: 'success', message: 'ok', payment_status: result === 'paid' ? 1 : 0, payment_result: result };
}
