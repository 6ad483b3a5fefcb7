import type { TAdminProductDetail } from '@portal/contracts/admin-catalogue';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { categories, product_images } from '../../../db/schema/index.ts';
import { findProduct } from './find-product.ts';

/** A product's pictures in their order. */
export async function productImagesOf(db: Executor, productId: number) {
  return db
    .select({
      id: product_images.id,
      url: product_images.url,
      card_url: product_images.card_url,
      width: product_images.width,
      height: product_images.height,
      alt: product_images.alt,
      sort_order: product_images.sort_order,
    })
    .from(product_images)
    .where(eq(product_images.product_id, productId))
    .orderBy(asc(product_images.sort_order), asc(product_images.id));
}

/** A 0/1 column as the form's flag: anything but 1 is off. */
const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** One product as its edit screen shows it: every field, its category's name and its pictures. */
export async function getAdminProduct(db: Executor, id: number): Promise<TAdminProductDetail> {
  const product = await findProduct(db, id);
  const [category] = await db
    .select({ name: categories.category_name })
    .from(categories)
    .where(eq(categories.id, product.category_id));
  return {
    id: product.id,
    category_id: product.category_id,
    category_name: category?.name ?? '',
    product_name: product.product_name,
    product_slug: product.product_slug,
    type: product.type,
    login_req: flag(product.login_req),
    status: flag(product.status),
    brand: product.brand,
    price_cents: product.price_cents,
    seo_title: product.seo_title,
    seo_description: product.seo_description,
    product_desc: product.product_desc,
    product_spec: product.product_spec,
    include_overview_btn: flag(product.include_overview_btn),
    overview_btn_label: product.overview_btn_label,
    include_contact_btn: flag(product.include_contact_btn),
    overview_pdf: product.overview_pdf,
    images: await productImagesOf(db, id),
    created_at: product.created_at.toISOString(),
    updated_at: product.updated_at.toISOString(),
    version: product.updated_at.toISOString(),
  };
}
