import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import {
  balanceDue,
  cancelOption,
  canEditOrder,
  canFinalizeAsReserved,
  creditCents,
  isPayable,
  lockMessage,
  lockReason,
} from '@portal/contracts/order-rules';
import { FORM_FILE_TYPES } from '@portal/contracts/orders';
import type { TOrderDetailsResponse } from '@portal/contracts/school-orders';
import { cutoffOf } from '@portal/contracts/school-years';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders, products } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { schoolContact } from '../documents/school-contact.ts';
import { listOrderFiles } from './list-order-files.ts';
import { reorderYear } from './reorder.ts';
import { orderProduct, toSchoolOrder } from './school-order.ts';

/** One of the school's orders in full (orderdetails): what it asked for, its prices, files, and what it may still do. */
export async function getOrderDetails(
  ctx: AppContext,
  schoolUserId: number,
  orderKey: string,
): Promise<TOrderDetailsResponse> {
  const [found] = await ctx.db
    .select({ order: orders, product: orderProduct })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.product_id))
    .where(and(eq(orders.order_key, orderKey), eq(orders.school_user_id, schoolUserId)));
  if (!found) throw notFound(MSG.orderNotFound);
  const { order, product } = found;
  const [files, school] = await Promise.all([
    listOrderFiles(ctx.db, order.id, FORM_FILE_TYPES),
    schoolContact(ctx.db, schoolUserId),
  ]);
  const today = ctx.clock();
  const { cancel_cutoff: cutoffDay } = await ctx.cache.settings.get();
  const locked = lockReason(order, today, cutoffDay);
  const cutoff = cutoffOf(order.school_year, order.created_at, cutoffDay);
  return {
    status: 'success',
    message: 'ok',
    order: toSchoolOrder(order, product),
    cancel_order: cancelOption(order, today, cutoffDay),
    edit_order: canEditOrder(order, today, cutoffDay) ? 1 : 0,
    lock_reason: locked ? lockMessage(locked, order.school_year, cutoffDay) : '',
    finalize_order: canFinalizeAsReserved(order, today, cutoffDay) ? 1 : 0,
    cutoff_date: cutoff ? isoDay(cutoff) : '',
    balance_due_html: isPayable(order) ? formatMoney(balanceDue(order)) : '',
    credit_html: creditCents(order) > 0 ? formatMoney(creditCents(order)) : '',
    files,
    userinfo: { school_name: school.name, user_email: school.email },
    reorder_year: reorderYear(order, today),
  };
}
