import { MSG } from '@portal/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { findOwnOrder } from './find-school-order.ts';

/**
 * Records that the school accepted the free products' terms of its order (acceptordertnc).
 * Accepting again keeps the first acceptance's time.
 */
export async function acceptOrderTerms(ctx: AppContext, schoolUserId: number, orderKey: string) {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  if (!order.free_tnc_req) throw conflict(MSG.noFreeTerms);
  await ctx.db
    .update(orders)
    .set({ free_tnc_accepted_at: sql`coalesce(${orders.free_tnc_accepted_at}, now())`, updated_at: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.school_user_id, schoolUserId)));
  return { status: 'success' as const, message: MSG.freeTermsAccepted };
}
