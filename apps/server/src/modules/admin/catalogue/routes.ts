import fastifyMultipart from '@fastify/multipart';
import {
  AdminCategoriesResponse,
  AdminCategoryResponse,
  AdminProductResponse,
  AdminProductsQuery,
  AdminProductsResponse,
  CatalogueHistoryResponse,
  CatalogueIdParams,
  CategoryFields,
  CreatedResponse,
  FileUploadedResponse,
  ImageAltBody,
  ImageOrderBody,
  ImageUploadedResponse,
  OVERVIEW_MAX_BYTES,
  PICTURE_MAX_BYTES,
  ProductFields,
  ProductImageParams,
  UpdateCategoryBody,
  UpdateProductBody,
} from '@portal/contracts/admin-catalogue';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { unsupportedType } from '../../../lib/errors.ts';
import { listAuditLog } from '../../audit/list-audit-log.ts';
import { contentMatches } from '../../orders/check-upload-content.ts';
import { requireAdmin, requireStaffMember } from '../staff.ts';
import { deleteCategory } from './delete-category.ts';
import { findCategory } from './find-category.ts';
import { findProduct } from './find-product.ts';
import { getAdminCategory } from './get-admin-category.ts';
import { getAdminProduct } from './get-admin-product.ts';
import { listAdminCategories } from './list-admin-categories.ts';
import { listAdminProducts } from './list-admin-products.ts';
import { pictureContent } from './picture-content.ts';
import { addProductImage, deleteProductImage, orderProductImages, setProductImageAlt } from './product-images.ts';
import { setProductOverview } from './product-overview.ts';
import { readCatalogueUpload } from './read-catalogue-upload.ts';
import { createCategory, updateCategory } from './save-category.ts';
import { createProduct, updateProduct } from './save-product.ts';
import { setCategoryImage } from './set-category-image.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const uploadErrors = { ...errors, 413: ErrorEnvelope, 415: ErrorEnvelope };
const ok = (message: string) => ({ status: 'success' as const, message });
const multipartBody =
  'A multipart/form-data body: the fields first, then the file part `file`. The file is checked by its content, not its name.';

/**
 * /api/admin/categories and /api/admin/products: the catalogue (D15). Staff read it; only
 * administrators change it. Every change is in the audit log and shows on the public site
 * at once (the catalogue's caches are dropped by the change feed).
 */
export function adminCatalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** A picture that is really one, or 415 whatever its name says. */
  const readPicture = async (request: Parameters<typeof readCatalogueUpload>[0]) => {
    const upload = await readCatalogueUpload(request, PICTURE_MAX_BYTES, MSG.pictureTooBig);
    const content = pictureContent(upload.bytes);
    if (!content) throw unsupportedType(MSG.pictureNotAccepted);
    return { ...upload, content };
  };

  return async (app) => {
    // ------------------------------------------------------------ categories
    app.get(
      '/categories',
      {
        schema: {
          tags,
          summary: 'Every category in its order, with how many products use it',
          response: { 200: AdminCategoriesResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        return { ...ok('ok'), categories: await listAdminCategories(ctx.db) };
      },
    );

    app.post(
      '/categories',
      {
        schema: {
          tags,
          summary: 'Create a category (administrators)',
          body: CategoryFields,
          response: { 200: CreatedResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        return { ...ok(MSG.categoryCreated), id: await createCategory(ctx, staff, request.body, request.ip) };
      },
    );

    app.get(
      '/categories/:id',
      {
        schema: {
          tags,
          summary: 'One category with every field',
          params: CatalogueIdParams,
          response: { 200: AdminCategoryResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        return { ...ok('ok'), category: await getAdminCategory(ctx.db, request.params.id) };
      },
    );

    app.post(
      '/categories/:id',
      {
        schema: {
          tags,
          summary: 'Save a category (administrators)',
          params: CatalogueIdParams,
          body: UpdateCategoryBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await updateCategory(ctx, staff, request.params.id, request.body, request.ip);
        return ok(MSG.categorySaved);
      },
    );

    app.post(
      '/categories/:id/delete',
      {
        schema: {
          tags,
          summary: 'Delete a category that no product uses (administrators)',
          params: CatalogueIdParams,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await deleteCategory(ctx, staff, request.params.id, request.ip, request.log);
        return ok(MSG.categoryDeleted);
      },
    );

    app.get(
      '/categories/:id/history',
      {
        schema: {
          tags,
          summary: 'A category’s history: its audit entries, newest first',
          params: CatalogueIdParams,
          response: { 200: CatalogueHistoryResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        await findCategory(ctx.db, request.params.id);
        const log = await listAuditLog(ctx.db, { entity: 'category', entityId: String(request.params.id), page: 1 });
        return { ...ok('ok'), entries: log.entries };
      },
    );

    // ------------------------------------------------------------ products
    app.get(
      '/products',
      {
        schema: {
          tags,
          summary: 'Products, hidden ones too, a page at a time, with search, filters and sort',
          querystring: AdminProductsQuery,
          response: { 200: AdminProductsResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        const { q, category_id, type, visibility, sort, page } = request.query;
        return listAdminProducts(ctx.db, { q, categoryId: category_id, type, visibility, sort, page });
      },
    );

    app.post(
      '/products',
      {
        schema: {
          tags,
          summary: 'Create a product (administrators)',
          body: ProductFields,
          response: { 200: CreatedResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        return { ...ok(MSG.productCreated), id: await createProduct(ctx, staff, request.body, request.ip) };
      },
    );

    app.get(
      '/products/:id',
      {
        schema: {
          tags,
          summary: 'One product with every field and its pictures',
          params: CatalogueIdParams,
          response: { 200: AdminProductResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        return { ...ok('ok'), product: await getAdminProduct(ctx.db, request.params.id) };
      },
    );

    app.post(
      '/products/:id',
      {
        schema: {
          tags,
          summary: 'Save a product (administrators); its HTML is sanitised',
          params: CatalogueIdParams,
          body: UpdateProductBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await updateProduct(ctx, staff, request.params.id, request.body, request.ip);
        return ok(MSG.productSaved);
      },
    );

    app.get(
      '/products/:id/history',
      {
        schema: {
          tags,
          summary: 'A product’s history: its audit entries, newest first',
          params: CatalogueIdParams,
          response: { 200: CatalogueHistoryResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        await findProduct(ctx.db, request.params.id);
        const log = await listAuditLog(ctx.db, { entity: 'product', entityId: String(request.params.id), page: 1 });
        return { ...ok('ok'), entries: log.entries };
      },
    );

    app.post(
      '/products/:id/images/order',
      {
        schema: {
          tags,
          summary: 'Put the product’s pictures in a new order: every picture’s id, once (administrators)',
          params: CatalogueIdParams,
          body: ImageOrderBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await orderProductImages(ctx, staff, request.params.id, request.body.image_ids, request.ip);
        return ok(MSG.picturesOrdered);
      },
    );

    app.post(
      '/products/:id/images/:image_id',
      {
        schema: {
          tags,
          summary: 'Save a picture’s alt text (administrators)',
          params: ProductImageParams,
          body: ImageAltBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        const { id, image_id: imageId } = request.params;
        await setProductImageAlt(ctx, staff, id, imageId, request.body.alt, request.ip);
        return ok(MSG.pictureSaved);
      },
    );

    app.post(
      '/products/:id/images/:image_id/delete',
      {
        schema: {
          tags,
          summary: 'Delete a picture (administrators)',
          params: ProductImageParams,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        const { id, image_id: imageId } = request.params;
        await deleteProductImage(ctx, staff, id, imageId, request.ip, request.log);
        return ok(MSG.pictureDeleted);
      },
    );

    app.post(
      '/products/:id/overview/remove',
      {
        schema: {
          tags,
          summary: 'Remove the product’s overview PDF (administrators)',
          params: CatalogueIdParams,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await setProductOverview(ctx, staff, request.params.id, null, request.ip, request.log);
        return ok(MSG.overviewRemoved);
      },
    );

    // ------------------------------------------------------------ uploads: multipart bodies, read by these alone
    await app.register(async (uploads) => {
      await uploads.register(fastifyMultipart);
      const route = uploads.withTypeProvider<ZodTypeProvider>();

      route.post(
        '/categories/:id/image',
        {
          schema: {
            tags,
            summary: 'Upload a category’s picture: JPEG, PNG or WebP of at most 5 MB (administrators)',
            description: multipartBody,
            consumes: ['multipart/form-data'],
            params: CatalogueIdParams,
            response: { 200: FileUploadedResponse, ...uploadErrors },
          },
        },
        async (request) => {
          const staff = await requireAdmin(ctx, request);
          await findCategory(ctx.db, request.params.id);
          const { bytes, content } = await readPicture(request);
          const url = await setCategoryImage(
            ctx,
            staff,
            request.params.id,
            { bytes, content },
            request.ip,
            request.log,
          );
          return { ...ok(MSG.categoryImageSaved), url };
        },
      );

      route.post(
        '/products/:id/images',
        {
          schema: {
            tags,
            summary:
              'Add a picture to a product: JPEG, PNG or WebP of at most 5 MB, with an `alt` field (administrators)',
            description: multipartBody,
            consumes: ['multipart/form-data'],
            params: CatalogueIdParams,
            response: { 200: ImageUploadedResponse, ...uploadErrors },
          },
        },
        async (request) => {
          const staff = await requireAdmin(ctx, request);
          await findProduct(ctx.db, request.params.id);
          const { bytes, content, fields } = await readPicture(request);
          const alt = ImageAltBody.parse({ alt: fields.alt ?? '' }).alt;
          const image = await addProductImage(ctx, staff, request.params.id, { bytes, content, alt }, request.ip);
          return { ...ok(MSG.pictureUploaded), image };
        },
      );

      route.post(
        '/products/:id/overview',
        {
          schema: {
            tags,
            summary: 'Upload the product’s overview PDF, of at most 10 MB (administrators)',
            description: multipartBody,
            consumes: ['multipart/form-data'],
            params: CatalogueIdParams,
            response: { 200: FileUploadedResponse, ...uploadErrors },
          },
        },
        async (request) => {
          const staff = await requireAdmin(ctx, request);
          await findProduct(ctx.db, request.params.id);
          const { bytes } = await readCatalogueUpload(request, OVERVIEW_MAX_BYTES, MSG.overviewTooBig);
          if (!contentMatches('pdf', bytes)) throw unsupportedType(MSG.overviewNotPdf);
          const url = await setProductOverview(ctx, staff, request.params.id, bytes, request.ip, request.log);
          return { ...ok(MSG.overviewUploaded), url };
        },
      );
    });
  };
}
