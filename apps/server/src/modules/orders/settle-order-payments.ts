import { MSG } from '@portal/contracts/messages';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { closePayment } from '../payments/close-payment.ts';
import { markPaymentFailed, settlePayment } from '../payments/confirm-payment.ts';

export interface SettleOpenOptions {
  /** A payment the caller settles itself. */
  except?: string;
  /**
   * Close each one still open and refuse (409) when one was paid: the order is about to
   * change under them. Otherwise each is only asked about, and a gateway out of reach leaves
   * it as it is, to be asked again next time.
   */
  close: boolean;
}

/**
 * Settles an order's payments still in flight with the gateway: before the order changes
 * (a new checkout, an edit, a cancellation), and when its confirmation is shown.
 */
export async function settleOpenPayments(ctx: AppContext, orderId: number, options: SettleOpenOptions) {
  const pending = await ctx.db
    .select({ id: payments.id, key: payments.payment_key })
    .from(payments)
    .where(and(eq(payments.order_id, orderId), eq(payments.status, 'pending')))
    .orderBy(asc(payments.id));
  for (const payment of pending) {
    if (payment.key === options.except) continue;
    if (!options.close) {
      await settlePayment(ctx, payment.key).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      continue;
    }
    if ((await closePayment(ctx, payment.key)).status === 'succeeded') throw conflict(MSG.orderAlreadyPaid);
    // Should the payer pay it still, its confirmation counts all the same (recordSucceeded).
    await markPaymentFailed(ctx.db, payment.id);
  }
}

/**
 * Settles the order's card payments still in flight before the order changes under them:
 * one the gateway says was paid makes the order paid, and the change is refused; one still
 * open is closed at the gateway and marked failed, so that no payment of the old amount can
 * succeed afterwards.
 */
export function closeOpenPayments(ctx: AppContext, orderId: number): Promise<void> {
  return settleOpenPayments(ctx, orderId, { close: true });
}
