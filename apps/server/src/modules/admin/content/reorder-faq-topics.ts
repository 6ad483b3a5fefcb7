import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { faq_categories } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { applyOrder } from './apply-order.ts';

/** Puts Help and Support's tiles in the order staff chose. */
export async function reorderFaqTopics(ctx: AppContext, staff: Staff, ids: number[], ip: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await tx
      .select({ id: faq_categories.id, sort_order: faq_categories.sort_order })
      .from(faq_categories)
      .for('update');
    for (const move of applyOrder(current, ids)) {
      await tx.update(faq_categories).set({ sort_order: move.after }).where(eq(faq_categories.id, move.id));
      await recordChange(tx, {
        actorId: staff.userId,
        action: 'reorder',
        entity: 'faq-category',
        entityId: move.id,
        before: { sort_order: move.before },
        after: { sort_order: move.after },
        ip,
      });
    }
  });
}
