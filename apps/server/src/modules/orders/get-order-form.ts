import { formatMoney } from '@portal/contracts/money';
import { ORDER_FILE_TYPES, type TTempOrderResponse } from '@portal/contracts/orders';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { order_files } from '../../db/schema/index.ts';
import { findSchoolOrder } from './find-school-order.ts';
import { canEditOrder } from './order-rules.ts';
import { reservableYears } from './school-years.ts';
import { wireCosts, wirePricing } from './wire-prices.ts';

/** What the reservation form opens with (temporder): the order, its prices, the cost sheet, the years, the files. */
export async function getOrderForm(
  ctx: AppContext,
  schoolUserId: number,
  orderKey: string,
  today: Date,
): Promise<TTempOrderResponse> {
  const { order, product, costs } = await findSchoolOrder(ctx.db, schoolUserId, orderKey);
  const files = await ctx.db
    .select({
      file_type: order_files.file_type,
      file_name: order_files.file_name,
      stored_name: order_files.stored_name,
    })
    .from(order_files)
    .where(eq(order_files.order_id, order.id))
    .orderBy(asc(order_files.id));
  const pricing = wirePricing(order.custom_price, order.total_cents, order.has_tax);
  return {
    status: 'success',
    message: 'ok',
    order: {
      ...pricing,
      order_id: order.id,
      order_key: order.order_key,
      custom_fields: order.custom_fields,
      order_status: order.status,
      current_order_status: order.status,
      editable: canEditOrder(order, today),
      free_tnc_req: order.free_tnc_req,
      free_tnc_accepted: order.free_tnc_accepted_at !== null,
      product: {
        name: product.name,
        slug: product.slug,
        image: product.image,
        category: product.category,
        regular_price_html: formatMoney(product.price_cents),
        total_amount_html: pricing.total_amount_html,
      },
    },
    // Nothing saved yet: the form starts empty.
    isneworder: Object.keys(order.custom_fields).length === 0,
    costs: wireCosts(costs),
    rangeyear: reservableYears(today),
    files: Object.fromEntries(
      ORDER_FILE_TYPES.map((type) => [
        type,
        files
          .filter((f) => f.file_type === type)
          .map((f) => ({
            file_name: f.file_name,
            file_path: `/api/orderfile/${encodeURIComponent(f.stored_name)}`,
            file_path_raw: f.stored_name,
          })),
      ]),
    ) as TTempOrderResponse['files'],
  };
}
