import fastifyMultipart from '@fastify/multipart';
import {
  CatalogueIdParams,
  FileUploadedResponse,
  ImageAltBody,
  ImageUploadedResponse,
  OVERVIEW_MAX_BYTES,
  PICTURE_MAX_BYTES,
} from '@portal/contracts/admin-catalogue';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { unsupportedType } from '../../../lib/errors.ts';
import { contentMatches } from '../../orders/check-upload-content.ts';
import { requireAdmin } from '../staff.ts';
import { findCategory } from './find-category.ts';
import { findProduct } from './find-product.ts';
import { pictureContent } from './picture-content.ts';
import { addProductImage } from './product-images.ts';
import { setProductOverview } from './product-overview.ts';
import { readCatalogueUpload } from './read-catalogue-upload.ts';
import { setCategoryImage } from './set-category-image.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const uploadErrors = { ...errors, 413: ErrorEnvelope, 415: ErrorEnvelope };
const ok = (message: string) => ({ status: 'success' as const, message });
const multipartBody =
  'A multipart/form-data body: the fields first, then the file part `file`. The file is checked by its content, not its name.';

/** The catalogue's uploads (administrators): multipart bodies, read by these operations alone. */
export function adminCatalogueUploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** A picture that is really one, or 415 whatever its name says. */
  const readPicture = async (request: Parameters<typeof readCatalogueUpload>[0]) => {
    const upload = await readCatalogueUpload(request, PICTURE_MAX_BYTES, MSG.pictureTooBig);
    const content = pictureContent(upload.bytes);
    if (!content) throw unsupportedType(MSG.pictureNotAccepted);
    return { ...upload, content };
  };

  return async (app) => {
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
