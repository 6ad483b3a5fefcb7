import { MSG } from '@portal/contracts/messages';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { faq_categories } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { type FaqTopicValues, isSlugTaken, slugOf } from './faq-topic-fields.ts';

/** Adds a Help and Support topic after the others; an address another topic has is refused (409, under the field). */
export async function createFaqTopic(
  ctx: AppContext,
  staff: Staff,
  values: FaqTopicValues,
  ip: string,
): Promise<number> {
  const after = { ...values, slug: slugOf(values) };
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(faq_categories)
        .values({
          ...after,
          sort_order: sql`(select coalesce(max(${faq_categories.sort_order}), 0) + 1 from ${faq_categories})`,
        })
        .returning({ id: faq_categories.id });
      if (!row) throw new Error('insert returned no row');
      await recordChange(tx, {
        actorId: staff.userId,
        action: 'create',
        entity: 'faq-category',
        entityId: row.id,
        after,
        ip,
      });
      return row.id;
    });
  } catch (error) {
    if (isSlugTaken(error)) throw conflict(MSG.faqTopicSlugInUse, 'slug');
    throw error;
  }
}
