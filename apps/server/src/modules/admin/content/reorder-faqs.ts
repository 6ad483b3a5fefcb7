import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { faqs } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { applyOrder } from './apply-order.ts';
import { lockTopic } from './faq-fields.ts';

/** Puts one topic's questions in the order staff chose. */
export async function reorderFaqs(ctx: AppContext, staff: Staff, categoryId: number, ids: number[], ip: string) {
  await ctx.db.transaction(async (tx) => {
    await lockTopic(tx, categoryId);
    const current = await tx
      .select({ id: faqs.id, sort_order: faqs.sort_order })
      .from(faqs)
      .where(eq(faqs.category_id, categoryId))
      .for('update');
    for (const move of applyOrder(current, ids)) {
      await tx.update(faqs).set({ sort_order: move.after }).where(eq(faqs.id, move.id));
      await recordChange(tx, {
        actorId: staff.userId,
        action: 'reorder',
        entity: 'faq',
        entityId: move.id,
        before: { sort_order: move.before },
        after: { sort_order: move.after },
        ip,
      });
    }
  });
}
