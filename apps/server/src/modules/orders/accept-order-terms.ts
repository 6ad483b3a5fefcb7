import { MSG } from '@portal/contracts/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
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
  await keepTermsAccepted(ctx.db, schoolUserId, order.id, ip);
  return { status: 'success' as const, message: MSG.freeTermsAccepted };
}

/**
 * The school's acceptance of its order's free-products terms, kept once with its time and
 * written to the order's history: by the terms' own call, and by a save of the form (a draft
 * too) that ticks them. Accepting again changes nothing.
 */
export async function keepTermsAccepted(db: Database, schoolUserId: number, orderId: number, ip?: string) {
  await db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(orders)
      .set({ free_tnc_accepted_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.school_user_id, schoolUserId), isNull(orders.free_tnc_accepted_at)))
      .returning({ at: orders.free_tnc_accepted_at });
    if (!accepted) return;
    await recordChange(tx, {
      actorId: schoolUserId,
      action: 'accept-terms',
      entity: 'order',
      entityId: orderId,
      before: { free_tnc_accepted_at: null },
      after: { free_tnc_accepted_at: accepted.at },
      ip,
    });
  });
}
