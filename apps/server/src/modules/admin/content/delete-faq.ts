import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { faqs } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { FAQ_AUDITED } from './faq-fields.ts';

/** Removes a question from Help and Support; its history stays in the audit log. */
export async function deleteFaq(ctx: AppContext, staff: Staff, id: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(faqs).where(eq(faqs.id, id)).returning(FAQ_AUDITED);
    if (!before) throw notFound();
    await recordChange(tx, { actorId: staff.userId, action: 'delete', entity: 'faq', entityId: id, before, ip });
  });
}
