import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { categories } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';

/** A category by its id, or 404; `lock` holds its row for a change. */
export async function findCategory(db: Executor, id: number, lock = false) {
  const query = db.select().from(categories).where(eq(categories.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
