import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payments } from '../../db/schema/index.ts';
import { confirmPayment, markPaymentFailed } from './confirm-payment.ts';
import type { GatewayEvent } from './gateway.ts';

export type GatewayEventResult = 'ok' | 'ignored';

/**
 * What a gateway's notification about one checkout does, whichever gateway sent it and
 * however often: a payment that may be settled is confirmed with the gateway itself (the
 * event's word alone never counts, D13), one that will not come is marked failed. The
 * payer's browser plays no part, so a payment counts even when it never comes back.
 */
export async function handleGatewayEvent(
  ctx: AppContext,
  gateway: string,
  event: GatewayEvent,
): Promise<GatewayEventResult> {
  const [payment] = await ctx.db
    .select({ id: payments.id, key: payments.payment_key })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gateway_ref, event.ref)));
  // A checkout this product did not start (another integration on the same account): nothing to do.
  if (!payment) return 'ignored';
  if (event.outcome === 'failed') await markPaymentFailed(ctx.db, payment.id);
  else await confirmPayment(ctx, payment.key);
  return 'ok';
}
