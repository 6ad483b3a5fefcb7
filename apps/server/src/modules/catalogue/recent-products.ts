import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { product_visits, products } from '../../db/schema/index.ts';
import { cardColumns, toCard } from './list-products.ts';

export const RECENT_LIMIT = 8;

/** Records a product page visit, by the signed-in user or the anonymous visitor's cart id. */
export async function recordVisit(db: Database, productId: number, who: { userId?: number; cartId: string }) {
  if (!who.userId && !who.cartId) return;
  await db.insert(product_visits).values({ product_id: productId, user_id: who.userId ?? null, cart_id: who.cartId });
}

/**
 * At sign-in the visitor's history becomes the account's, so that what was viewed before
 * signing in stays under "Recently viewed". Product visits are all a cart id reveals.
 */
export async function adoptVisits(db: Pick<Database, 'update'>, userId: number, cartId: string) {
  if (!cartId) return;
  await db
    .update(product_visits)
    .set({ user_id: userId })
    .where(and(eq(product_visits.cart_id, cartId), isNull(product_visits.user_id)));
}

/** The products most recently visited, newest first, each once. */
export async function recentProducts(db: Database, who: { userId?: number; cartId: string }) {
  let visitor: SQL;
  if (who.userId) visitor = eq(product_visits.user_id, who.userId);
  else if (who.cartId) visitor = and(eq(product_visits.cart_id, who.cartId), sql`${product_visits.user_id} is null`)!;
  else return [];
  const rows = await db
    .select({ ...cardColumns, last: sql<Date>`max(${product_visits.visited_at})` })
    .from(product_visits)
    .innerJoin(products, eq(products.id, product_visits.product_id))
    .where(and(visitor, eq(products.status, 1)))
    .groupBy(products.id)
    .orderBy(desc(sql`max(${product_visits.visited_at})`))
    .limit(RECENT_LIMIT);
  return rows.map(({ last: _last, ...card }) => toCard(card));
}
