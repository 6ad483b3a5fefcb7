import {
  AdminProductResponse,
  AdminProductsQuery,
  AdminProductsResponse,
  CatalogueHistoryResponse,
  CatalogueIdParams,
  CreatedResponse,
  ImageAltBody,
  ImageOrderBody,
  ProductFields,
  ProductImageParams,
  UpdateProductBody,
} from '@portal/contracts/admin-catalogue';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { recordHistory } from '../../audit/record-history.ts';
import { requireAdmin, requireStaffMember } from '../staff.ts';
import { findProduct } from './find-product.ts';
import { getAdminProduct } from './get-admin-product.ts';
import { listAdminProducts } from './list-admin-products.ts';
import { deleteProductImage, orderProductImages, setProductImageAlt } from './product-images.ts';
import { setProductOverview } from './product-overview.ts';
import { createProduct, updateProduct } from './save-product.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const ok = (message: string) => ({ status: 'success' as const, message });

/** /api/admin/products: staff read the products; administrators change them and their pictures. */
export function adminProductRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
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
        return { ...ok('ok'), entries: await recordHistory(ctx.db, 'product', request.params.id) };
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
  };
}
