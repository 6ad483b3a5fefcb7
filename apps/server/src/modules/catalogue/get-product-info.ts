import type { TProductInfoResponse } from '@portal/contracts/catalogue';
import { MSG } from '@portal/contracts/messages';
import { formatPrice } from '@portal/contracts/money';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, product_images, products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { listProducts, pictureSrcset, toCard } from './list-products.ts';

type ProductInfo = Omit<TProductInfoResponse, 'status' | 'message'>;

/**
 * Everything a product page shows. A product that needs a login shows a signed-out
 * visitor its card only: name, picture, price and that it needs a login.
 */
export async function getProductInfo(db: Database, slug: string, signedIn: boolean): Promise<ProductInfo> {
  const [row] = await db
    .select({ product: products, category_name: categories.category_name, category_slug: categories.category_slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(and(eq(products.product_slug, slug), eq(products.status, 1)));
  if (!row) throw notFound(MSG.productNotFound);
  const p = row.product;

  const pictures = await db
    .select({
      url: product_images.url,
      width: product_images.width,
      height: product_images.height,
      alt: product_images.alt,
      srcset: pictureSrcset,
    })
    .from(product_images)
    .where(eq(product_images.product_id, p.id))
    .orderBy(asc(product_images.sort_order), asc(product_images.id));
  const images = pictures.map(({ srcset: _srcset, ...image }) => image);
  const card = toCard({
    product_id: p.id,
    product_slug: p.product_slug,
    product_name: p.product_name,
    product_image: images[0]?.url ?? '',
    product_image_srcset: pictures[0]?.srcset ?? '',
    price_cents: p.price_cents,
    type: p.type,
    login_req: p.login_req,
  });

  if (p.login_req === 1 && !signedIn) {
    return { restricted: true, product: card, product_images: images.slice(0, 1), similar_products: [], offers: [] };
  }

  const similar = await listProducts(db, {
    categoryId: p.category_id,
    brands: [],
    sort: 'newest',
    page: 1,
    limit: 4,
    excludeId: p.id,
  });
  return {
    restricted: false,
    product: {
      product_id: p.id,
      product_category: row.category_name,
      category_slug: row.category_slug,
      product_name: p.product_name,
      product_slug: p.product_slug,
      seo_title: p.seo_title || p.product_name,
      seo_description: p.seo_description,
      image: card.product_image,
      type: p.type,
      login_req: p.login_req,
      include_overview_btn: String(p.include_overview_btn),
      include_contact_btn: String(p.include_contact_btn),
      overview_pdf: p.overview_pdf,
      overview_btn_label: p.overview_btn_label,
      product_desc: p.product_desc,
      product_spec: p.product_spec,
      amount: formatPrice(p.price_cents),
    },
    product_images: images,
    similar_products: similar.products,
    offers: [],
  };
}
