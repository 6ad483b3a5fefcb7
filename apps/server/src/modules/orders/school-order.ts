import { formatMoney } from '@portal/contracts/money';
import { documentRefusal, isPayable } from '@portal/contracts/order-rules';
import { DELIVERY_OPTIONS, optionName, paymentOptionName } from '@portal/contracts/orders';
import { routePath } from '@portal/contracts/routes';
import { ORDER_STATUS_LABELS, type TSchoolOrder } from '@portal/contracts/school-orders';
import { type orders, products } from '../../db/schema/index.ts';
import { wirePricing } from './wire-prices.ts';

type OrderRow = typeof orders.$inferSelect;

/** The product an order is for, as the list and the details name it. */
export const orderProduct = { name: products.product_name, slug: products.product_slug };

/** An order as the school's list and its details show it (spec §3). */
export function toSchoolOrder(order: OrderRow, product: TSchoolOrder['product']): TSchoolOrder {
  const { custom_price, total_amount_html } = wirePricing(order.custom_price, order.total_cents, order.has_tax);
  return {
    order_id: order.id,
    order_key: order.order_key,
    order_date: order.created_at.toISOString(),
    order_status: order.status,
    product,
    order_status_html: ORDER_STATUS_LABELS[order.status],
    total_amount_html,
    tax_amount_html: order.has_tax ? formatMoney(order.tax_cents) : '',
    school_year: order.school_year,
    delivery_optn: optionName(DELIVERY_OPTIONS, order.custom_fields.delivery_optn),
    payment_method: paymentOptionName(order.payment_method),
    payment_status: order.payment_status,
    payment_link: isPayable(order) ? routePath('checkout', { key: order.order_key }) : '',
    // Where its documents are made: some document (a quote at least) can be made of it.
    invoice_link:
      documentRefusal(order, 'quote') === undefined
        ? `/api/orderinvoice?order_key=${encodeURIComponent(order.order_key)}`
        : '',
    free_tnc_req: order.free_tnc_req ? 1 : 0,
    free_tnc_accepted: order.free_tnc_accepted_at ? 1 : 0,
    cancel_requested: order.cancel_requested_at ? 1 : 0,
    custom_price,
    custom_fields: order.custom_fields,
  };
}
