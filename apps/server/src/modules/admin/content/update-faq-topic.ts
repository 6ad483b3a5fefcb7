import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { faq_categories } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { FAQ_TOPIC_AUDITED, type FaqTopicValues, isSlugTaken, slugOf } from './faq-topic-fields.ts';

/** Saves a topic's name, address, line and audience. */
export async function updateFaqTopic(ctx: AppContext, staff: Staff, id: number, values: FaqTopicValues, ip: string) {
  const after = { ...values, slug: slugOf(values) };
  try {
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select(FAQ_TOPIC_AUDITED)
        .from(faq_categories)
        .where(eq(faq_categories.id, id))
        .for('update');
      if (!before) throw notFound();
      await tx.update(faq_categories).set(after).where(eq(faq_categories.id, id));
      await recordChange(tx, {
        actorId: staff.userId,
        action: 'update',
        entity: 'faq-category',
        entityId: id,
        before,
        after,
        ip,
      });
    });
  } catch (error) {
    if (isSlugTaken(error)) throw conflict(MSG.faqTopicSlugInUse, 'slug');
    throw error;
  }
}
