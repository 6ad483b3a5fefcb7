import { FORM_FILE_TYPES } from '@portal/contracts/orders';
import type { TOrderDetailsResponse } from '@portal/contracts/school-orders';
import type { AppContext } from '../../context.ts';
import { findOwnOrder } from './find-school-order.ts';
import { listOrderFiles } from './list-order-files.ts';
import { cancelOption, canEditOrder } from './order-rules.ts';
import { reorderYear } from './reorder.ts';
import { schoolContact } from './school-contact.ts';
import { toSchoolOrder } from './school-order.ts';

/** One of the school's orders in full (orderdetails): what it asked for, its prices, files, and what it may still do. */
export async function getOrderDetails(
  ctx: AppContext,
  schoolUserId: number,
  orderKey: string,
): Promise<TOrderDetailsResponse> {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  const [files, school] = await Promise.all([
    listOrderFiles(ctx.db, order.id, FORM_FILE_TYPES),
    schoolContact(ctx.db, schoolUserId),
  ]);
  const today = ctx.clock();
  return {
    status: 'success',
    message: 'ok',
    order: toSchoolOrder(order),
    cancel_order: cancelOption(order, today),
    edit_order: canEditOrder(order, today) ? 1 : 0,
    files,
    userinfo: { school_name: school.name, user_email: school.email },
    reorder_year: reorderYear(order, today),
  };
}
