import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';

/** A product by its id, listed or hidden, or 404; `lock` holds its row for a change. */
export async function findProduct(db: Executor, id: number, lock = false) {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
