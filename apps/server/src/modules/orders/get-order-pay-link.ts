import { invoiceLabel } from '@portal/contracts/invoices';
import { formatMoney } from '@portal/contracts/money';
import type { TOrderPayLinkResponse } from '@portal/contracts/pay-links';
import type { AppContext } from '../../context.ts';
import { findOrderPayLink } from './find-order-pay-link.ts';
import { wirePricing } from './wire-prices.ts';

/** What an order's pay link pays (GET orderpaylink): the order, what it has received, and the balance Pay Now charges. */
export async function getOrderPayLink(ctx: AppContext, linkKey: string): Promise<TOrderPayLinkResponse> {
  const found = await findOrderPayLink(ctx.db, linkKey, ctx.clock());
  const { order } = found;
  return {
    status: 'success',
    message: 'ok',
    order: {
      ...wirePricing(order.custom_price, order.total_cents, order.has_tax),
      order_id: order.id,
      order_status: order.status,
      order_date: order.created_at.toISOString(),
      school_year: order.school_year,
      product_name: found.productName,
      tax_amount_html: order.has_tax ? formatMoney(order.tax_cents) : '',
    },
    school_name: found.schoolName,
    invoice: order.invoice_number ? invoiceLabel('invoice', order.invoice_number) : '',
    total_amount_cents: order.total_cents,
    paid_amount: found.paidCents,
    paid_amount_html: formatMoney(found.paidCents),
    amount: found.charge,
    amount_html: formatMoney(found.charge),
    paid_in_full: found.charge === 0,
    payment_status: order.payment_status,
    expires_at: found.link.expires_at.toISOString(),
  };
}
