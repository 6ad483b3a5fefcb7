import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { faqs } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { cleanFaq, type FaqValues, lockTopic } from './faq-fields.ts';

/** Adds a question at the end of its topic; its answer is sanitised (D16). */
export async function createFaq(ctx: AppContext, staff: Staff, values: FaqValues, ip: string): Promise<number> {
  const after = cleanFaq(values);
  return ctx.db.transaction(async (tx) => {
    await lockTopic(tx, values.category_id);
    const [row] = await tx
      .insert(faqs)
      .values({
        ...after,
        sort_order: sql`(select coalesce(max(${faqs.sort_order}), 0) + 1 from ${faqs} where ${eq(faqs.category_id, values.category_id)})`,
      })
      .returning({ id: faqs.id });
    if (!row) throw new Error('insert returned no row');
    await recordChange(tx, { actorId: staff.userId, action: 'create', entity: 'faq', entityId: row.id, after, ip });
    return row.id;
  });
}
