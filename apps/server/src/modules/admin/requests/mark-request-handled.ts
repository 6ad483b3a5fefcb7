import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { contact_requests } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';

/** Marks a contact or sponsor request handled (who and when), or open again. */
export async function markRequestHandled(ctx: AppContext, staff: Staff, id: number, handled: boolean, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ handled_at: contact_requests.handled_at, handled_by: contact_requests.handled_by })
      .from(contact_requests)
      .where(and(eq(contact_requests.id, id), inArray(contact_requests.kind, ['contact', 'sponsor'])))
      .for('update');
    if (!row) throw notFound();
    if (!!row.handled_at === handled) return;
    const after = handled
      ? { handled_at: new Date(), handled_by: staff.userId }
      : { handled_at: null, handled_by: null };
    await tx.update(contact_requests).set(after).where(eq(contact_requests.id, id));
    await recordChange(tx, {
      actorId: staff.userId,
      action: handled ? 'handled' : 'reopen',
      entity: 'contact-request',
      entityId: id,
      before: row,
      after,
      ip,
    });
  });
}
