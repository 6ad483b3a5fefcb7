import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Settled, settlePayment } from './confirm-payment.ts';

/**
 * Closes a checkout that is no longer wanted at the gateway, so that it cannot be paid
 * behind the payer's back, and settles the payment again: one paid meanwhile still counts.
 * A checkout the gateway will not close (one completed, its payment still settling) stays
 * pending; a gateway out of reach fails the question that follows.
 */
export async function closePayment(ctx: AppContext, paymentKey: string): Promise<Settled> {
  const [own] = await ctx.db
    .select({ ref: payments.gateway_ref, gateway: payments.gateway })
    .from(payments)
    .where(eq(payments.payment_key, paymentKey));
  if (!own) throw notFound();
  if (own.ref && own.gateway === ctx.gateway.name) await ctx.gateway.expire(own.ref).catch(() => {});
  return settlePayment(ctx, paymentKey);
}
