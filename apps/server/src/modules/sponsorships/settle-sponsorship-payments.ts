import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payment_allocations, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { closePayment } from '../payments/close-payment.ts';
import { settlePayment } from '../payments/confirm-payment.ts';
import { GATEWAY_TIMEOUT_MS } from '../payments/gateway-timeout.ts';

/**
 * How long a checkout may stay open before a new payment of the same sponsorship closes it:
 * a sponsor who closed the gateway's tab would otherwise hold back its amount until the
 * gateway expires it (a day at Stripe; never at the test gateway). Stripe's shortest.
 */
export const STALE_CHECKOUT_MS = 30 * 60 * 1000;

/**
 * How old a checkout must be before the signed-in sponsor starting another payment closes it:
 * longer than starting one may take (the gateway's time limit), so that a double click, or two
 * tabs pressed at once, start one checkout and not two that close each other; short enough
 * that Back from the card page and Pay again a few seconds later just works.
 */
export const RESTART_GRACE_MS = GATEWAY_TIMEOUT_MS + 5_000;

/**
 * Asks the gateway about the payments still in flight for these sponsorships before another
 * is started: one paid or given up on no longer holds back the amount it allocated, and one
 * left open longer than STALE_CHECKOUT_MS is closed (a payment made meanwhile still counts).
 * So is every checkout started from `payLink` at once, and, when the sponsor signed in
 * starts again (`restart`), every one older than RESTART_GRACE_MS: pressing Pay again (back
 * from the gateway's page, or in another tab) means the new payment, as an order's checkout
 * does. A gateway out of reach leaves them as they are.
 */
export async function settleSponsorshipPayments(
  ctx: AppContext,
  sponsorshipIds: number[],
  options: { payLink?: number; restart?: boolean } = {},
): Promise<void> {
  if (sponsorshipIds.length === 0) return;
  const pending = await ctx.db
    .selectDistinct({
      id: payments.id,
      key: payments.payment_key,
      created_at: payments.created_at,
      pay_link_id: payments.pay_link_id,
    })
    .from(payments)
    .innerJoin(payment_allocations, eq(payment_allocations.payment_id, payments.id))
    .where(and(eq(payments.status, 'pending'), inArray(payment_allocations.sponsorship_id, sponsorshipIds)))
    .orderBy(asc(payments.id));
  const now = ctx.clock().getTime();
  const closeBefore = now - (options.restart ? RESTART_GRACE_MS : STALE_CHECKOUT_MS);
  for (const { key, created_at, pay_link_id } of pending) {
    const close =
      created_at.getTime() < closeBefore || (options.payLink !== undefined && pay_link_id === options.payLink);
    const settle = close ? closePayment : settlePayment;
    await settle(ctx, key).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
  }
  // One of them may have been paid meanwhile: the sponsor's list, next asked, shows it.
  if (pending.length > 0) ctx.feed.touch('sponsorships');
}
