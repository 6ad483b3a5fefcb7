import type { TestimonialUpdate } from '@portal/contracts/admin-content';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { testimonials } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { checkVersion } from '../catalogue/catalogue-change.ts';
import type { Staff } from '../staff.ts';
import { cleanTestimonial, TESTIMONIAL_AUDITED } from './testimonial-fields.ts';

/**
 * Saves a testimonial's words, who said them and whether the home page shows it; its note is
 * sanitised (D16). A save from a form opened before someone else's change is refused.
 */
export async function updateTestimonial(
  ctx: AppContext,
  staff: Staff,
  id: number,
  { version, ...fields }: z.output<typeof TestimonialUpdate>,
  ip: string,
) {
  const after = cleanTestimonial(fields);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...TESTIMONIAL_AUDITED, updated_at: testimonials.updated_at })
      .from(testimonials)
      .where(eq(testimonials.id, id))
      .for('update');
    if (!row) throw notFound();
    const { updated_at, ...before } = row;
    checkVersion(version, updated_at, MSG.testimonialChanged);
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
