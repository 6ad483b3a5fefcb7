import { MSG } from '@portal/contracts/messages';
import { staffMayChange } from '@portal/contracts/order-rules';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orders } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { lockStaffOrder, type StaffActor } from './find-staff-order.ts';
import { mailSchoolOrderNews } from './order-staff-mails.ts';

/** Sets the day the order will be delivered (YYYY-MM-DD), with its audit row, and tells the school. */
export async function setDeliveryDate(ctx: AppContext, actor: StaffActor, orderId: number, date: string) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockStaffOrder(tx, orderId);
    if (!staffMayChange(before)) throw conflict(MSG.orderTaxCancelled);
    await tx.update(orders).set({ delivery_date: date, updated_at: sql`now()` }).where(eq(orders.id, orderId));
    await recordChange(tx, {
      actorId: actor.userId,
      action: 'delivery-date',
      entity: 'order',
      entityId: orderId,
      before: { delivery_date: before.delivery_date },
      after: { delivery_date: date },
      ip: actor.ip,
    });
    if (before.delivery_date !== date) await mailSchoolOrderNews(ctx, tx, before, { kind: 'delivery-date', date });
  });
  return { status: 'success' as const, message: MSG.orderDeliveryDateSet };
}
