import { formatMoney } from '@portal/contracts/money';
import type { TSponsorshipConfirmResponse } from '@portal/contracts/sponsorships';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payment_allocations } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type ReturnVia, settleReturnedPayment } from '../payments/settle-returned-payment.ts';
import { findSponsorPayment } from './find-sponsor-payment.ts';
import { findSponsorSponsorship } from './find-sponsor-sponsorship.ts';

/** The single payment's result page (sponsorshipconfirm): the sponsorship after settling with the gateway (D13). */
export async function confirmSponsorshipPayment(
  ctx: AppContext,
  sponsorId: number,
  paymentKey: string,
  via: ReturnVia | undefined,
): Promise<TSponsorshipConfirmResponse> {
  const payment = await findSponsorPayment(ctx.db, sponsorId, paymentKey, 'sponsorship');
  const result = await settleReturnedPayment(ctx, payment.key, via);
  const [allocation] = await ctx.db
    .select({ sponsorship_id: payment_allocations.sponsorship_id })
    .from(payment_allocations)
    .where(eq(payment_allocations.payment_id, payment.id))
    .orderBy(asc(payment_allocations.sponsorship_id));
  if (!allocation) throw notFound();
  const sponsorship = await findSponsorSponsorship(ctx.db, sponsorId, allocation.sponsorship_id);
  const left = sponsorship.total_cents - sponsorship.paid_cents;
  return {
    status: 'success',
    message: 'ok',
    sponsorship_id: sponsorship.id,
    sponsorship_status: sponsorship.status,
    payment_result: result,
    left_amount: left,
    left_amount_html: formatMoney(left),
  };
}
