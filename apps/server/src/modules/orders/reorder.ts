import { MSG } from '@portal/contracts/messages';
import { OrderFormFields } from '@portal/contracts/orders';
import { routePath } from '@portal/contracts/routes';
import { reservableYears } from '@portal/contracts/school-years';
import type { AppContext } from '../../context.ts';
import type { orders } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { startOrder } from '../catalogue/start-order.ts';
import { findOwnOrder } from './find-school-order.ts';
import { saveOrderForm } from './save-order-form.ts';

/**
 * The school year Order again would reserve for: the next one the form offers, for an
 * order reserved or placed for an earlier year; '' otherwise.
 */
export function reorderYear(order: Pick<typeof orders.$inferSelect, 'status' | 'school_year'>, today: Date): string {
  const next = reservableYears(today)[1] ?? '';
  if (order.status === 'Pending' || !order.school_year || order.school_year >= next) return '';
  return next;
}

/**
 * Order again for next year (reorder): a new Pending order of the same product for the
 * next school year, with the counts and options of this one, priced afresh by the server.
 * Files, the purchase order and the terms' acceptance are not carried over: the school
 * uploads, writes and accepts them again on the form.
 */
export async function reorder(ctx: AppContext, schoolUserId: number, orderKey: string) {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  const today = ctx.clock();
  const year = reorderYear(order, today);
  if (!year) throw conflict(MSG.reorderNotOffered);
  const newKey = await startOrder(ctx.db, schoolUserId, order.product_id, today);
  const values = OrderFormFields.parse({
    ...order.custom_fields,
    school_year: year,
    purchase_order: '',
    agreed: false,
    free_tnc_accepted: false,
  });
  await saveOrderForm(ctx, schoolUserId, { orderKey: newKey, draft: 1, status: 'Pending', values }, today);
  return {
    status: 'success' as const,
    message: MSG.reorderStarted,
    order_key: newKey,
    redirect: `${routePath('orderNow', { key: newKey })}?from=${order.id}`,
  };
}
