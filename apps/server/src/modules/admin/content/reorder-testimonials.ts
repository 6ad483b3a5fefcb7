import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { testimonials } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { applyOrder } from './apply-order.ts';

/** Puts the testimonials in the order staff chose: the carousel shows them so. Each one moved gets an audit row. */
export async function reorderTestimonials(ctx: AppContext, staff: Staff, ids: number[], ip: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await tx
      .select({ id: testimonials.id, sort_order: testimonials.sort_order })
      .from(testimonials)
      .for('update');
    for (const move of applyOrder(current, ids)) {
      await tx.update(testimonials).set({ sort_order: move.after }).where(eq(testimonials.id, move.id));
      await recordChange(tx, {
        actorId: staff.userId,
        action: 'reorder',
        entity: 'testimonial',
        entityId: move.id,
        before: { sort_order: move.before },
        after: { sort_order: move.after },
        ip,
      });
    }
  });
  ctx.feed.touch('testimonials');
}
