import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { testimonials } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { cleanTestimonial, TESTIMONIAL_AUDITED, type TestimonialValues } from './testimonial-fields.ts';

/** Saves a testimonial's words, who said them and whether the home page shows it; its note is sanitised (D16). */
export async function updateTestimonial(
  ctx: AppContext,
  staff: Staff,
  id: number,
  fields: TestimonialValues,
  ip: string,
) {
  const after = cleanTestimonial(fields);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select(TESTIMONIAL_AUDITED)
      .from(testimonials)
      .where(eq(testimonials.id, id))
      .for('update');
    if (!before) throw notFound();
    await tx.update(testimonials).set(after).where(eq(testimonials.id, id));
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'update',
      entity: 'testimonial',
      entityId: id,
      before,
      after,
      ip,
    });
  });
  ctx.feed.touch('testimonials');
}
