import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payment_allocations, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { settlePayment } from '../payments/confirm-payment.ts';

/**
 * Asks the gateway about the payments still in flight for these sponsorships before another
 * is started: one paid or given up on no longer holds back the amount it allocated. A
 * gateway out of reach leaves them as they are.
 */
export async function settleSponsorshipPayments(ctx: AppContext, sponsorshipIds: number[]): Promise<void> {
  if (sponsorshipIds.length === 0) return;
  const pending = await ctx.db
    .selectDistinct({ id: payments.id, key: payments.payment_key })
    .from(payments)
    .innerJoin(payment_allocations, eq(payment_allocations.payment_id, payments.id))
    .where(and(eq(payments.status, 'pending'), inArray(payment_allocations.sponsorship_id, sponsorshipIds)))
    .orderBy(asc(payments.id));
  for (const { key } of pending) {
    await settlePayment(ctx, key).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
  }
}
