import { formatMoney } from '@portal/contracts/money';
import type { TSponsorshipPaymentConfirmResponse } from '@portal/contracts/pay-links';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pay_links, payments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { ReturnVia } from '../payments/settle-returned-payment.ts';
import { sponsorshipPaymentResult } from './sponsorship-payment-result.ts';

/**
 * A pay-link payment's result page (sponsorshippaymentconfirm), public: its key is known
 * only to whoever started it from the link. A payment started signed in is no pay-link
 * payment and is unknown here (404), so that this page reveals nothing of the sponsor's own.
 */
export async function confirmPayLinkPayment(
  ctx: AppContext,
  paymentKey: string,
  via: ReturnVia | undefined,
): Promise<TSponsorshipPaymentConfirmResponse> {
  const [payment] = await ctx.db
    .select({
      id: payments.id,
      key: payments.payment_key,
      user_id: payments.user_id,
      amount_cents: payments.amount_cents,
    })
    .from(payments)
    .innerJoin(pay_links, eq(pay_links.id, payments.pay_link_id))
    .where(and(eq(payments.payment_key, paymentKey), eq(payments.kind, 'sponsorship')));
  if (!payment) throw notFound();
  const { amount_cents, ...result } = await sponsorshipPaymentResult(ctx, payment, via);
  return {
    status: 'success',
    message: 'ok',
    ...result,
    amount: amount_cents,
    amount_html: formatMoney(amount_cents),
  };
}
