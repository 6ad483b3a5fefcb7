import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { enquiries, orders, products, sponsors } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import { recordChange } from '../audit/record-change.ts';

async function listedProduct(db: Database, productId: number) {
  const [product] = await db
    .select({ id: products.id, type: products.type })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 1)));
  if (!product) throw notFound(MSG.productNotFound);
  return product;
}

/**
 * A school starts a reservation: a Pending order for the product, opened by its key. It is
 * dated by the app's clock, which the order rules read too (its cut-off depends on when it
 * was started, D12).
 */
export async function startOrder(
  db: Database,
  schoolUserId: number,
  productId: number,
  today: Date,
  ip?: string,
): Promise<string> {
  const product = await listedProduct(db, productId);
  if (product.type !== 'order') throw badRequest(MSG.notOrderable);
  const orderKey = randomToken(24);
  await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({ order_key: orderKey, school_user_id: schoolUserId, product_id: product.id, created_at: today })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned no row');
    await recordChange(tx, {
      actorId: schoolUserId,
      action: 'create',
      entity: 'order',
      entityId: order.id,
      before: null,
      after: { product_id: product.id, status: 'Pending' },
      ip,
    });
  });
  return orderKey;
}

/** A sponsor starts an enquiry about the product, for its sales rep; the form completes it. */
export async function startEnquiry(
  db: Database,
  sponsorUserId: number,
  productId: number,
  qty: number,
  ip?: string,
): Promise<string> {
  const product = await listedProduct(db, productId);
  if (product.type !== 'inquery') throw badRequest(MSG.notEnquirable);
  const [sponsor] = await db
    .select({ srep_id: sponsors.srep_id })
    .from(sponsors)
    .where(eq(sponsors.user_id, sponsorUserId));
  const enqKey = randomToken(24);
  await db.transaction(async (tx) => {
    const [enquiry] = await tx
      .insert(enquiries)
      .values({
        enq_key: enqKey,
        sponsor_user_id: sponsorUserId,
        product_id: product.id,
        srep_id: sponsor?.srep_id ?? null,
        qty,
      })
      .returning({ id: enquiries.id });
    if (!enquiry) throw new Error('enquiry insert returned no row');
    await recordChange(tx, {
      actorId: sponsorUserId,
      action: 'create',
      entity: 'enquiry',
      entityId: enquiry.id,
      before: null,
      after: { product_id: product.id, qty },
      ip,
    });
  });
  return enqKey;
}
