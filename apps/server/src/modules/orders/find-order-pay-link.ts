import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, schools } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { findPayLink } from '../pay-links/find-pay-link.ts';
import { orderBalance } from './order-pay-link-balance.ts';

/**
 * The order a pay link pays, its balance and how it is named (the school, the product): an
 * unknown key is 404, an expired one 410 (findPayLink, the same for every kind of link).
 * What Pay Now charges is the whole balance, 0 once the order can no longer be paid.
 */
export async function findOrderPayLink(db: Executor, linkKey: string, now: Date) {
  const link = await findPayLink(db, 'order', linkKey, now);
  if (link.order_id === null) throw notFound(MSG.payLinkNotFound);
  const balance = await orderBalance(db, link.order_id);
  const [names] = await db
    .select({ product_name: products.product_name, school_name: schools.school_name })
    .from(products)
    .leftJoin(schools, eq(schools.user_id, balance.order.school_user_id))
    .where(eq(products.id, balance.order.product_id));
  return {
    link,
    ...balance,
    charge: balance.payable ? balance.balanceCents : 0,
    productName: names?.product_name ?? '',
    schoolName: names?.school_name ?? '',
  };
}

export type FoundOrderPayLink = Awaited<ReturnType<typeof findOrderPayLink>>;
