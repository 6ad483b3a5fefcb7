import type { FaqUpdate } from '@portal/contracts/admin-content';
import { MSG } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { faqs } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { checkVersion } from '../catalogue/catalogue-change.ts';
import type { Staff } from '../staff.ts';
import { cleanFaq, FAQ_AUDITED, lockTopic } from './faq-fields.ts';

/**
 * Saves a question and its answer (sanitised, D16); moved to another topic, it goes to that
 * topic's end. A save from a form opened before someone else's change is refused.
 */
export async function updateFaq(
  ctx: AppContext,
  staff: Staff,
  id: number,
  { version, ...values }: z.output<typeof FaqUpdate>,
  ip: string,
) {
  const after = cleanFaq(values);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...FAQ_AUDITED, updated_at: faqs.updated_at })
      .from(faqs)
      .where(eq(faqs.id, id))
      .for('update');
    if (!row) throw notFound();
    const { updated_at, ...before } = row;
    checkVersion(version, updated_at, MSG.faqChanged);
    await lockTopic(tx, values.category_id);
    const moved = before.category_id !== values.category_id;
    await tx
      .update(faqs)
      .set({
        ...after,
        ...(moved && {
          sort_order: sql`(select coalesce(max(f.sort_order), 0) + 1 from ${faqs} f where f.category_id = ${values.category_id})`,
        }),
      })
      .where(eq(faqs.id, id));
    await recordChange(tx, { actorId: staff.userId, action: 'update', entity: 'faq', entityId: id, before, after, ip });
  });
}
