import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { testimonials } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { cleanTestimonial, type TestimonialValues } from './testimonial-fields.ts';

/** Adds a testimonial at the end of the carousel; its note is sanitised (D16). */
export async function createTestimonial(
  ctx: AppContext,
  staff: Staff,
  fields: TestimonialValues,
  ip: string,
): Promise<number> {
  const after = cleanTestimonial(fields);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(testimonials)
      .values({
        ...after,
        sort_order: sql`(select coalesce(max(${testimonials.sort_order}), 0) + 1 from ${testimonials})`,
      })
      .returning({ id: testimonials.id });
    if (!row) throw new Error('insert returned no row');
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'create',
      entity: 'testimonial',
      entityId: row.id,
      after,
      ip,
    });
    return row.id;
  });
  ctx.feed.touch('testimonials');
  return id;
}
