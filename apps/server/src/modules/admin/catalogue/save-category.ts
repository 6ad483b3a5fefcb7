import type { CategoryFields, UpdateCategoryBody } from '@portal/contracts/admin-catalogue';
import { MSG } from '@portal/contracts/messages';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { categories } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { catalogueChanged, checkVersion, withSlugCheck } from './catalogue-change.ts';
import { findCategory } from './find-category.ts';

type Fields = z.output<typeof CategoryFields>;

/** The columns a category's form writes, its description sanitised (D16). */
const columnsOf = (input: Fields) => ({
  category_name: input.category_name,
  category_slug: input.category_slug,
  category_name_seo: input.category_name_seo,
  category_description: sanitizeHtml(input.category_description),
  category_description_seo: input.category_description_seo,
  category_canonical: input.category_canonical,
  sort_order: input.sort_order,
});

async function checkSlugFree(tx: Executor, slug: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.category_slug, slug), exceptId ? ne(categories.id, exceptId) : undefined));
  if (taken) throw conflict(MSG.categorySlugTaken, 'category_slug');
}

/** An administrator adds a category; its picture is uploaded afterwards. */
export async function createCategory(ctx: AppContext, staff: Staff, input: Fields, ip: string): Promise<number> {
  const id = await withSlugCheck(
    () =>
      ctx.db.transaction(async (tx) => {
        await checkSlugFree(tx, input.category_slug);
        const values = columnsOf(input);
        const [row] = await tx.insert(categories).values(values).returning({ id: categories.id });
        await recordChange(tx, {
          actorId: staff.userId,
          action: 'create',
          entity: 'category',
          entityId: row!.id,
          after: values,
          ip,
        });
        return row!.id;
      }),
    'category_slug',
    MSG.categorySlugTaken,
  );
  catalogueChanged(ctx, 'categories');
  return id;
}

/** An administrator edits a category; a save over someone else's newer one is refused. */
export async function updateCategory(
  ctx: AppContext,
  staff: Staff,
  id: number,
  input: z.output<typeof UpdateCategoryBody>,
  ip: string,
): Promise<void> {
  await withSlugCheck(
    () =>
      ctx.db.transaction(async (tx) => {
        const category = await findCategory(tx, id, true);
        checkVersion(input.version, category.updated_at, MSG.categoryChanged);
        await checkSlugFree(tx, input.category_slug, id);
        const after = columnsOf(input);
        await tx.update(categories).set(after).where(eq(categories.id, id));
        const before = Object.fromEntries(Object.keys(after).map((k) => [k, category[k as keyof typeof after]]));
        await recordChange(tx, {
          actorId: staff.userId,
          action: 'update',
          entity: 'category',
          entityId: id,
          before,
          after,
          ip,
        });
      }),
    'category_slug',
    MSG.categorySlugTaken,
  );
  catalogueChanged(ctx, 'categories');
}
