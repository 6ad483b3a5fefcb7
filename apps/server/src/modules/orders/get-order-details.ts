import { ORDER_FILE_TYPES } from '@portal/contracts/orders';
import type { TOrderDetailsResponse } from '@portal/contracts/school-orders';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { schools, users } from '../../db/schema/index.ts';
import { findOwnOrder } from './find-school-order.ts';
import { listOrderFiles } from './list-order-files.ts';
import { cancelOption, canEditOrder } from './order-rules.ts';
import { reorderYear } from './reorder.ts';
import { toSchoolOrder } from './school-order.ts';

/** One of the school's orders in full (orderdetails): what it asked for, its prices, files, and what it may still do. */
export async function getOrderDetails(
  ctx: AppContext,
  schoolUserId: number,
  orderKey: string,
): Promise<TOrderDetailsResponse> {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  const [files, [school]] = await Promise.all([
    listOrderFiles(ctx.db, order.id, ORDER_FILE_TYPES),
    ctx.db
      .select({ school_name: schools.school_name, user_email: users.email })
      .from(users)
      .leftJoin(schools, eq(schools.user_id, users.id))
      .where(eq(users.id, schoolUserId)),
  ]);
  const today = ctx.clock();
  return {
    status: 'success',
    message: 'ok',
    order: toSchoolOrder(order),
    cancel_order: cancelOption(order, today),
    edit_order: canEditOrder(order, today) ? 1 : 0,
    files,
    userinfo: { school_name: school?.school_name ?? '', user_email: school?.user_email ?? '' },
    reorder_year: reorderYear(order, today),
  };
}
