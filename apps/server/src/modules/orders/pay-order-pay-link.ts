import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../lib/errors.ts';
import { startPayment } from '../payments/start-payment.ts';
import { findOrderPayLink } from './find-order-pay-link.ts';
import { closeOpenPayments } from './settle-order-payments.ts';

/**
 * Starts the card payment of an order's balance from its pay link (POST orderpaylink), for
 * the school, who need not be signed in. A checkout of the order still open is closed first
 * (one order, one payment in flight; one paid meanwhile answers 409), then the balance is
 * read again, so that it is charged as it now stands.
 */
export async function payOrderPayLink(ctx: AppContext, linkKey: string): Promise<{ payment_link: string }> {
  const before = await findOrderPayLink(ctx.db, linkKey, ctx.clock());
  if (before.charge === 0) throw conflict(MSG.orderNothingToPay);
  await closeOpenPayments(ctx, before.order.id);
  const found = await findOrderPayLink(ctx.db, linkKey, ctx.clock());
  if (found.charge === 0) throw conflict(MSG.orderNothingToPay);
  const back = (page: string) => `${ctx.config.publicUrl}/${page}/{payment_key}`;
  const started = await startPayment(ctx, {
    payerId: found.order.school_user_id,
    kind: 'order',
    allocations: [{ order_id: found.order.id, amount_cents: found.charge }],
    description: `Order #${found.order.id}: ${found.productName}`,
    successUrl: back('order-payment-confirmed'),
    cancelUrl: back('order-payment-error'),
    payLinkId: found.link.id,
  });
  return { payment_link: started.url };
}
