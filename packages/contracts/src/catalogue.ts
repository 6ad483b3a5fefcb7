import { z } from 'zod';
import { CATEGORY_PAGE_SIZE, DEFAULT_SORT, PRODUCT_SORTS, SEARCH_MAX } from './constants.ts';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { queryInt } from './query.ts';

/** A product as cards and tiles show it (spec §3): `amount` is formatted, e.g. "$3.25". */
export const ProductCard = z.object({
  product_id: z.number().int(),
  product_slug: z.string(),
  product_name: z.string(),
  product_image: z.string(),
  /** The picture's copies by width, as an img element's srcset ("… 400w, … 800w"); '' when it has one size only. */
  product_image_srcset: z.string(),
  amount: z.string(),
  type: z.enum(['order', 'inquery']),
  login_req: z.number().int(),
});
export type TProductCard = z.infer<typeof ProductCard>;

const sort = z.enum(PRODUCT_SORTS, { error: MSG.sortInvalid }).default(DEFAULT_SORT);
/** Brand filter: one or more brand names, comma separated. */
const brands = z
  .string({ error: MSG.invalidValue })
  .max(500, tooLong(500))
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
  );
const page = queryInt('page', { min: 1, max: 10_000 }).default(1);
const limit = queryInt('limit', { min: 1, max: 96 }).default(CATEGORY_PAGE_SIZE);
/** The anonymous visitor's cart id (spec §9), which keeps its recently viewed products. */
export const cartId = z.string({ error: MSG.invalidValue }).max(64, tooLong(64)).default('');
const slug = () => z.string({ error: MSG.slugRequired }).trim().min(1, MSG.slugRequired).max(200, tooLong(200));
/** Search words: longer text is refused rather than cut, so that the words searched are the words typed. */
const searchText = () => z.string({ error: MSG.invalidValue }).trim().max(SEARCH_MAX, tooLong(SEARCH_MAX)).default('');

/** GET /api/category */
export const CategoryQuery = z.object({
  slug: slug(),
  page,
  limit,
  sort,
  brands,
  cart_id: cartId,
  special_page: z.string({ error: MSG.invalidValue }).max(50, tooLong(50)).optional(),
});
export type TCategoryQuery = z.input<typeof CategoryQuery>;

export const CategoryFields = z.object({
  category_name: z.string(),
  category_slug: z.string(),
  category_name_seo: z.string(),
  category_description: z.string(),
  category_description_seo: z.string(),
  category_image: z.string(),
  category_canonical: z.string(),
  total_products: z.number().int(),
});

export const CategoryResponse = successWith({ ...CategoryFields.shape, products: z.array(ProductCard) });
export type TCategoryResponse = z.infer<typeof CategoryResponse>;

/** GET /api/allcategory */
export const AllCategoryResponse = successWith({
  categories: z.array(
    z.object({
      category_name: z.string(),
      category_slug: z.string(),
      category_image: z.string(),
      total_products: z.number().int(),
    }),
  ),
});
export type TAllCategoryResponse = z.infer<typeof AllCategoryResponse>;

/** GET /api/advancesearch: /products (empty search) and the search results. */
export const AdvanceSearchQuery = z.object({
  search: searchText(),
  page,
  limit,
  sort,
  brands,
  cart_id: cartId,
});
export type TAdvanceSearchQuery = z.input<typeof AdvanceSearchQuery>;
export const AdvanceSearchResponse = successWith({ total_products: z.number().int(), products: z.array(ProductCard) });
export type TAdvanceSearchResponse = z.infer<typeof AdvanceSearchResponse>;

/** GET /api/searchproduct: quick suggestions while typing. */
export const SearchProductQuery = z.object({ search_term: searchText() });
export const SearchProductResponse = successWith({
  products: z.array(
    ProductCard.pick({
      product_id: true,
      product_slug: true,
      product_name: true,
      product_image: true,
      product_image_srcset: true,
    }),
  ),
});
export type TSearchProductResponse = z.infer<typeof SearchProductResponse>;

/** GET /api/catbrand */
export const CatBrandQuery = z.object({
  slug: z.string({ error: MSG.invalidValue }).trim().max(200, tooLong(200)).default(''),
});
export const CatBrandResponse = successWith({ brands: z.array(z.string()) });

export const ProductImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});

/** Every field of a product page (spec §3). */
export const ProductDetails = z.object({
  product_id: z.number().int(),
  product_category: z.string(),
  category_slug: z.string(),
  product_name: z.string(),
  product_slug: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  image: z.string(),
  type: z.enum(['order', 'inquery']),
  login_req: z.number().int(),
  include_overview_btn: z.string(),
  include_contact_btn: z.string(),
  overview_pdf: z.string(),
  overview_btn_label: z.string(),
  product_desc: z.string(),
  product_spec: z.string(),
  amount: z.string(),
});
export type TProductDetails = z.infer<typeof ProductDetails>;

/** GET /api/productinfo */
export const ProductInfoQuery = z.object({
  slug: slug(),
  cart_id: cartId,
});
/**
 * A product that needs a login answers signed-out callers with its card fields and
 * login_req only (`restricted: true`).
 */
export const ProductInfoResponse = successWith({
  restricted: z.boolean(),
  product: z.union([ProductDetails, ProductCard]),
  product_images: z.array(ProductImage),
  similar_products: z.array(ProductCard),
  offers: z.array(z.object({ title: z.string(), description: z.string() })),
});
export type TProductInfoResponse = z.infer<typeof ProductInfoResponse>;

/** GET /api/productvisited: records a visit (spec §7 lists it as a GET). */
export const ProductVisitedQuery = z.object({
  item_id: queryInt('item_id', { min: 1 }),
  variation_id: z.string({ error: MSG.invalidValue }).max(50, tooLong(50)).optional(),
  cart_id: cartId,
});

/** GET /api/recentproduct: by the signed-in user, else by cart id. */
export const RecentProductQuery = z.object({ cart_id: cartId });
export const ProductsResponse = successWith({ products: z.array(ProductCard) });
export type TProductsResponse = z.infer<typeof ProductsResponse>;

/** GET /api/testimonials */
export const TestimonialsResponse = successWith({
  testimonials: z.array(z.object({ name: z.string(), address: z.string(), note: z.string() })),
});
export type TTestimonialsResponse = z.infer<typeof TestimonialsResponse>;

const qty = z.coerce
  .number({ error: MSG.qtyInvalid })
  .int(MSG.qtyInvalid)
  .min(1, MSG.qtyInvalid)
  .max(100_000, MSG.qtyInvalid)
  .default(1);
const productId = z.coerce
  .number({ error: MSG.productIdRequired })
  .int(MSG.productIdRequired)
  .min(1, MSG.productIdRequired);

/** POST /api/addtocartv2 (schools): a Pending order for the product. */
export const AddToCartBody = z.object({ qty, product_id: productId });
export const AddToCartResponse = successWith({ order_key: z.string() });
export type TAddToCartResponse = z.infer<typeof AddToCartResponse>;

/** POST /api/addtoenquiry (sponsors): a temporary enquiry about the product. */
export const AddToEnquiryBody = z.object({ qty, product_id: productId });
export const AddToEnquiryResponse = successWith({ enq_key: z.string() });
export type TAddToEnquiryResponse = z.infer<typeof AddToEnquiryResponse>;
