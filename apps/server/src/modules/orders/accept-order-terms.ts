import { MSG } from '@portal/contracts/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { findOwnOrder } from './find-school-order.ts';

/**
 * Records that the school accepted the free products' terms of its order (acceptordertnc).
 * Accepting again keeps the first acceptance's time.
 */
export async function acceptOrderTerms(ctx: AppContext, schoolUserId: number, orderKey: string, ip?: string) {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  if (!order.free_tnc_req) throw conflict(MSG.noFreeTerms);
  await ctx.db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(orders)
      .set({ free_tnc_accepted_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.school_user_id, schoolUserId), isNull(orders.free_tnc_accepted_at)))
      .returning({ at: orders.free_tnc_accepted_at });
    if (!accepted) return;
    await recordChange(tx, {
      actorId: schoolUserId,
      action: 'accept-terms',
      entity: 'order',
      entityId: order.id,
      before: { free_tnc_accepted_at: null },
      after: { free_tnc_accepted_at: accepted.at },
      ip,
    });
  });
  return { status: 'success' as const, message: MSG.freeTermsAccepted };
}
