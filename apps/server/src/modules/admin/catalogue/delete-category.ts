import { categoryInUse } from '@portal/contracts/admin-catalogue';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { categories, products } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { catalogueChanged } from './catalogue-change.ts';
import { findCategory } from './find-category.ts';
import { removeStoredUpload } from './stored-upload.ts';

/**
 * An administrator deletes a category that no product uses; otherwise the refusal says
 * how many do (hidden ones included: they would be left without a category).
 */
export async function deleteCategory(
  ctx: AppContext,
  staff: Staff,
  id: number,
  ip: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const category = await findCategory(tx, id, true);
    const [used] = await tx.select({ n: count() }).from(products).where(eq(products.category_id, id));
    if (used && used.n > 0) throw conflict(categoryInUse(used.n));
    await tx.delete(categories).where(eq(categories.id, id));
    const { created_at: _created, updated_at: _updated, ...before } = category;
    await recordChange(tx, { actorId: staff.userId, action: 'delete', entity: 'category', entityId: id, before, ip });
    return category;
  });
  catalogueChanged(ctx, 'categories');
  await removeStoredUpload(ctx, removed.category_image, log);
}
