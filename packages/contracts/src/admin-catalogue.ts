import { z } from 'zod';
import { AuditEntry } from './admin.ts';
import { successWith } from './envelope.ts';
import { requiredText } from './fields.ts';
import { MSG, numberTooBig, tooLong } from './messages.ts';
import { queryInt } from './query.ts';
import './zod-messages.ts';

/**
 * The back office's catalogue (D15): administrators keep the categories, the products,
 * their pictures and overview PDFs; sales reps may read them. HTML fields are sanitised by
 * the server when saved (D16), whatever the editor sent.
 */

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

/** The longest HTML a description or a specification may hold, in characters. */
export const CATALOGUE_HTML_MAX = 50_000;

/** Pictures: JPEG, PNG or WebP, checked by their content, of at most this many bytes. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** Overview PDFs: a real PDF of at most this many bytes. */
export const OVERVIEW_MAX_BYTES = 10 * 1024 * 1024;

/** A category's refusal to be deleted names how many products still use it. */
export const categoryInUse = (products: number) =>
  `This category cannot be deleted: ${products.toLocaleString('en-US')} ${products === 1 ? 'product uses' : 'products use'} it. Move ${products === 1 ? 'it' : 'them'} to another category first.`;

/** An address segment: lower-case letters, digits and single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const slugField = () =>
  requiredText(MSG.catalogueSlugRequired, 120).refine((v) => SLUG_PATTERN.test(v), MSG.catalogueSlugInvalid);

const text = (max: number) => z.string({ error: MSG.invalidValue }).trim().max(max, tooLong(max)).default('');
const html = () =>
  z.string({ error: MSG.invalidValue }).max(CATALOGUE_HTML_MAX, tooLong(CATALOGUE_HTML_MAX)).default('');
const flag = () => z.union([z.literal(0), z.literal(1)], { error: MSG.invalidValue });
/** A site address (`/category/x`) or a full one (`https://…`), or nothing. */
const canonical = () =>
  text(300).refine((v) => v === '' || /^(\/|https?:\/\/)[^\s<>"]*$/.test(v), MSG.catalogueCanonicalInvalid);

const PRICE_MAX_CENTS = 100_000_000;

/** `:id` of a category or a product; `:image_id` of a product's picture. */
export const CatalogueIdParams = z.object({ id: queryInt('id', { min: 1, max: 2_147_483_647 }) });
export const ProductImageParams = CatalogueIdParams.extend({
  image_id: queryInt('image_id', { min: 1, max: 2_147_483_647 }),
});

// ---------------------------------------------------------------- categories

export const CategoryFields = z.object({
  category_name: requiredText(MSG.categoryNameRequired, 120),
  category_slug: slugField(),
  category_name_seo: text(200),
  category_description: html(),
  category_description_seo: text(500),
  category_canonical: canonical(),
  sort_order: z
    .number({ error: MSG.catalogueSortOrderInvalid })
    .int(MSG.catalogueSortOrderInvalid)
    .min(0, MSG.catalogueSortOrderInvalid)
    .max(100_000, MSG.catalogueSortOrderInvalid)
    .default(0),
});
export type TCategoryFields = z.input<typeof CategoryFields>;

/** POST /api/admin/categories/:id: the fields, with the detail's `version` as the form was opened. */
export const UpdateCategoryBody = CategoryFields.extend({ version: z.string().max(40).optional() });
export type TUpdateCategoryBody = z.input<typeof UpdateCategoryBody>;

export const AdminCategoryRow = z.object({
  id: z.number().int(),
  category_name: z.string(),
  category_slug: z.string(),
  category_image: z.string(),
  sort_order: z.number().int(),
  /** Every product in it, listed or hidden. */
  products: z.number().int(),
  updated_at: z.string(),
});
export type TAdminCategoryRow = z.infer<typeof AdminCategoryRow>;

export const AdminCategoriesResponse = successWith({ categories: z.array(AdminCategoryRow) });
export type TAdminCategoriesResponse = z.infer<typeof AdminCategoriesResponse>;

export const AdminCategoryDetail = AdminCategoryRow.extend({
  category_name_seo: z.string(),
  category_description: z.string(),
  category_description_seo: z.string(),
  category_canonical: z.string(),
  version: z.string(),
});
export type TAdminCategoryDetail = z.infer<typeof AdminCategoryDetail>;
export const AdminCategoryResponse = successWith({ category: AdminCategoryDetail });
export type TAdminCategoryResponse = z.infer<typeof AdminCategoryResponse>;

export const CreatedResponse = successWith({ id: z.number().int() });
export type TCreatedResponse = z.infer<typeof CreatedResponse>;

// ---------------------------------------------------------------- products

export const PRODUCT_TYPES = ['order', 'inquery'] as const;
export const PRODUCT_TYPE_LABELS: Record<(typeof PRODUCT_TYPES)[number], string> = {
  order: 'Orderable',
  inquery: 'Enquiry only',
};
export const PRODUCT_SORTS = ['updated_desc', 'created_desc', 'created_asc', 'name_asc', 'name_desc'] as const;
export const PRODUCT_VISIBILITY = ['listed', 'hidden'] as const;

/** GET /api/admin/products */
export const AdminProductsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  category_id: queryInt('category_id', { min: 1, max: 2_147_483_647 }).optional(),
  type: z.enum(PRODUCT_TYPES, { error: MSG.invalidValue }).optional(),
  visibility: z.enum(PRODUCT_VISIBILITY, { error: MSG.invalidValue }).optional(),
  sort: z.enum(PRODUCT_SORTS, { error: MSG.invalidValue }).default('updated_desc'),
  page: queryInt('page', { min: 1, max: 100_000 }).default(1),
});
export type TAdminProductsQuery = z.input<typeof AdminProductsQuery>;

export const AdminProductRow = z.object({
  id: z.number().int(),
  product_name: z.string(),
  product_slug: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  type: z.enum(PRODUCT_TYPES),
  /** 1 listed, 0 hidden. */
  status: z.number().int(),
  login_req: z.number().int(),
  price_cents: z.number().int(),
  /** The first picture's small copy (or the picture), '' without one. */
  image: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductsResponse = successWith({
  products: z.array(AdminProductRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TAdminProductsResponse = z.infer<typeof AdminProductsResponse>;

export const ProductFields = z.object({
  category_id: z.number({ error: MSG.productCategoryRequired }).int().min(1, MSG.productCategoryRequired),
  product_name: requiredText(MSG.productNameRequired, 200),
  product_slug: slugField(),
  type: z.enum(PRODUCT_TYPES, { error: MSG.productTypeRequired }),
  login_req: flag().default(0),
  /** 1 listed, 0 hidden. */
  status: flag().default(1),
  brand: text(100),
  price_cents: z
    .number({ error: MSG.productPriceInvalid })
    .int(MSG.productPriceInvalid)
    .min(0, MSG.productPriceInvalid)
    .max(PRICE_MAX_CENTS, numberTooBig(PRICE_MAX_CENTS))
    .default(0),
  seo_title: text(200),
  seo_description: text(500),
  product_desc: html(),
  product_spec: html(),
  include_overview_btn: flag().default(0),
  overview_btn_label: text(60),
  include_contact_btn: flag().default(1),
});
export type TProductFields = z.input<typeof ProductFields>;

export const UpdateProductBody = ProductFields.extend({ version: z.string().max(40).optional() });
export type TUpdateProductBody = z.input<typeof UpdateProductBody>;

export const AdminProductImage = z.object({
  id: z.number().int(),
  url: z.string(),
  card_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  sort_order: z.number().int(),
});
export type TAdminProductImage = z.infer<typeof AdminProductImage>;

export const AdminProductDetail = ProductFields.extend({
  id: z.number().int(),
  category_name: z.string(),
  overview_pdf: z.string(),
  images: z.array(AdminProductImage),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.string(),
});
export type TAdminProductDetail = z.infer<typeof AdminProductDetail>;
export const AdminProductResponse = successWith({ product: AdminProductDetail });
export type TAdminProductResponse = z.infer<typeof AdminProductResponse>;

/** The alt text of a picture: what a screen reader says instead of it. */
export const ImageAltBody = z.object({ alt: text(200) });
export type TImageAltBody = z.input<typeof ImageAltBody>;

/** POST /api/admin/products/:id/images/order: every picture of the product, in its new order. */
export const ImageOrderBody = z.object({
  image_ids: z.array(z.number().int().min(1), { error: MSG.invalidValue }).min(1, MSG.invalidValue).max(100),
});
export type TImageOrderBody = z.input<typeof ImageOrderBody>;

export const ImageUploadedResponse = successWith({ image: AdminProductImage });
export const FileUploadedResponse = successWith({ url: z.string() });

/** A catalogue record's own history: its audit entries, newest first. */
export const CatalogueHistoryResponse = successWith({ entries: z.array(AuditEntry) });
