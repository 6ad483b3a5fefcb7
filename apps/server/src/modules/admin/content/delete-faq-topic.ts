import { MSG } from '@portal/contracts/messages';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { faq_categories, faqs } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { FAQ_TOPIC_AUDITED } from './faq-topic-fields.ts';

/**
 * Deletes a topic that has no questions left; one that still has some is refused (409),
 * since deleting it would take its answers with it. The topic is locked first, so a
 * question added to it meanwhile waits, then finds it gone.
 */
export async function deleteFaqTopic(ctx: AppContext, staff: Staff, id: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select(FAQ_TOPIC_AUDITED)
      .from(faq_categories)
      .where(eq(faq_categories.id, id))
      .for('update');
    if (!before) throw notFound();
    const [questions] = await tx.select({ n: count() }).from(faqs).where(eq(faqs.category_id, id));
    if ((questions?.n ?? 0) > 0) throw conflict(MSG.faqTopicHasQuestions);
    await tx.delete(faq_categories).where(eq(faq_categories.id, id));
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'delete',
      entity: 'faq-category',
      entityId: id,
      before,
      ip,
    });
  });
}
