import type { ProductFields, UpdateProductBody } from '@portal/contracts/admin-catalogue';
import { MSG } from '@portal/contracts/messages';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { categories, products } from '../../../db/schema/index.ts';
import { conflict, fieldError } from '../../../lib/errors.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { catalogueChanged, checkVersion, withSlugCheck } from './catalogue-change.ts';
import { findProduct } from './find-product.ts';

type Fields = z.output<typeof ProductFields>;

/** The columns a product's form writes, its description and specification sanitised (D16). */
const columnsOf = (input: Fields) => ({
  category_id: input.category_id,
  product_name: input.product_name,
  product_slug: input.product_slug,
  type: input.type,
  login_req: input.login_req,
  status: input.status,
  brand: input.brand,
  price_cents: input.price_cents,
  seo_title: input.seo_title,
  seo_description: input.seo_description,
  product_desc: sanitizeHtml(input.product_desc),
  product_spec: sanitizeHtml(input.product_spec),
  include_overview_btn: input.include_overview_btn,
  overview_btn_label: input.overview_btn_label,
  include_contact_btn: input.include_contact_btn,
});

/** The category must exist and the slug be free (another product's is refused by name). */
async function checkProduct(tx: Executor, input: Fields, exceptId?: number) {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.category_id));
  if (!category) throw fieldError('category_id', MSG.productCategoryRequired);
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.product_slug, input.product_slug), exceptId ? ne(products.id, exceptId) : undefined));
  if (taken) throw conflict(MSG.productSlugTaken, 'product_slug');
}

/** An administrator adds a product; its pictures and overview are uploaded afterwards. */
export async function createProduct(ctx: AppContext, staff: Staff, input: Fields, ip: string): Promise<number> {
  const id = await withSlugCheck(
    () =>
      ctx.db.transaction(async (tx) => {
        await checkProduct(tx, input);
        const values = columnsOf(input);
        const [row] = await tx.insert(products).values(values).returning({ id: products.id });
        await recordChange(tx, {
          actorId: staff.userId,
          action: 'create',
          entity: 'product',
          entityId: row!.id,
          after: values,
          ip,
        });
        return row!.id;
      }),
    'product_slug',
    MSG.productSlugTaken,
  );
  catalogueChanged(ctx, 'products');
  return id;
}

/** An administrator edits a product; a save over someone else's newer one is refused. */
export async function updateProduct(
  ctx: AppContext,
  staff: Staff,
  id: number,
  input: z.output<typeof UpdateProductBody>,
  ip: string,
): Promise<void> {
  await withSlugCheck(
    () =>
      ctx.db.transaction(async (tx) => {
        const product = await findProduct(tx, id, true);
        checkVersion(input.version, product.updated_at, MSG.productChanged);
        await checkProduct(tx, input, id);
        const after = columnsOf(input);
        await tx.update(products).set(after).where(eq(products.id, id));
        const before = Object.fromEntries(Object.keys(after).map((k) => [k, product[k as keyof typeof after]]));
        await recordChange(tx, {
          actorId: staff.userId,
          action: 'update',
          entity: 'product',
          entityId: id,
          before,
          after,
          ip,
        });
      }),
    'product_slug',
    MSG.productSlugTaken,
  );
  catalogueChanged(ctx, 'products');
}
