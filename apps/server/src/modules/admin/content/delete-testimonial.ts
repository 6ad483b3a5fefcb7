import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { testimonials } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { TESTIMONIAL_AUDITED } from './testimonial-fields.ts';

/** Removes a testimonial for good (hiding it keeps it for later); its history stays in the audit log. */
export async function deleteTestimonial(ctx: AppContext, staff: Staff, id: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(testimonials).where(eq(testimonials.id, id)).returning(TESTIMONIAL_AUDITED);
    if (!before) throw notFound();
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'delete',
      entity: 'testimonial',
      entityId: id,
      before,
      ip,
    });
  });
  ctx.feed.touch('testimonials');
}
