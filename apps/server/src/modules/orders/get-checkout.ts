import type { TCheckoutResponse } from '@portal/contracts/checkout';
import { MSG } from '@portal/contracts/messages';
import { isPayable, type OrderState } from '@portal/contracts/order-rules';
import type { AppContext } from '../../context.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { findSchoolOrder } from './find-school-order.ts';
import { wirePricing } from './wire-prices.ts';

/** Checkout is for an order with something to pay (isPayable); a paid one says so. */
export function assertPayable(order: OrderState): void {
  if (order.payment_status === 'paid') throw conflict(MSG.orderAlreadyPaid);
  if (!isPayable(order)) throw new AppError(409, MSG.orderNotPayable);
}

/** What the checkout shows (spec §2 checkout): the product, the price rows and the total of the school's finalized order. */
export async function getCheckout(ctx: AppContext, schoolUserId: number, orderKey: string): Promise<TCheckoutResponse> {
  const { order, product } = await findSchoolOrder(ctx.db, schoolUserId, orderKey);
  assertPayable(order);
  return {
    status: 'success',
    message: 'ok',
    order: {
      ...wirePricing(order.custom_price, order.total_cents, order.has_tax),
      order_id: order.id,
      order_key: order.order_key,
      order_status: order.status,
      payment_method: order.payment_method,
      payment_status: order.payment_status,
      tax_exempt: order.custom_fields.tax === 1,
      product: { name: product.name, slug: product.slug, image: product.image, category: product.category },
    },
  };
}
