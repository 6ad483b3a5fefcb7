import type { FaqTopicUpdate } from '@portal/contracts/admin-content';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { faq_categories } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { checkVersion } from '../catalogue/catalogue-change.ts';
import type { Staff } from '../staff.ts';
import { FAQ_TOPIC_AUDITED, isSlugTaken, slugOf } from './faq-topic-fields.ts';

/** Saves a topic's name, address, line and audience; a save from a form opened before someone else's change is refused. */
export async function updateFaqTopic(
  ctx: AppContext,
  staff: Staff,
  id: number,
  { version, ...values }: z.output<typeof FaqTopicUpdate>,
  ip: string,
) {
  const after = { ...values, slug: slugOf(values) };
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ ...FAQ_TOPIC_AUDITED, updated_at: faq_categories.updated_at })
        .from(faq_categories)
        .where(eq(faq_categories.id, id))
        .for('update');
      if (!row) throw notFound();
      const { updated_at, ...before } = row;
      checkVersion(version, updated_at, MSG.faqTopicChanged);
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
