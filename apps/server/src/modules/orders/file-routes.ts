import fastifyMultipart from '@fastify/multipart';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import {
  OrderFileParams,
  RemoveFileBody,
  RemoveFileResponse,
  UploadOrderFileBody,
  UploadOrderFileResponse,
} from '@portal/contracts/order-files';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireSchool, requireUser } from '../auth/require-user.ts';
import { checkUpload, parseUploadFields } from './check-upload.ts';
import { findOrderFile } from './find-order-file.ts';
import { attachment, orderFileKey } from './order-file-entry.ts';
import { readUpload, streamedBodyValidator, UPLOAD_LIMITS } from './read-upload.ts';
import { removeOrderFile } from './remove-order-file.ts';
import { uploadOrderFile } from './upload-order-file.ts';

const tags = ['orders'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** The files a school sends with its order (spec §7 uploadorderfiles, removefile; D7), and their download. */
export function orderFileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart bodies are read by this operation alone.
    await app.register(async (uploads) => {
      await uploads.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });
      uploads.withTypeProvider<ZodTypeProvider>().post(
        '/uploadorderfiles',
        {
          schema: {
            tags,
            summary: 'Upload a file with an order: artwork, a purchase-order document or a tax certificate',
            description:
              'A multipart/form-data body: the fields first, then the file part `cfile`. The school’s own order, while it may still be changed. The file’s content must match its extension.',
            consumes: ['multipart/form-data'],
            body: UploadOrderFileBody,
            response: { 200: UploadOrderFileResponse, ...errors, 413: ErrorEnvelope, 415: ErrorEnvelope },
          },
          validatorCompiler: streamedBodyValidator,
        },
        async (request) => {
          const today = ctx.clock();
          const { checked, bytes } = await readUpload(
            request,
            (sent, fileName) => checkUpload(ctx, request, sent, fileName, today),
            parseUploadFields,
          );
          const file = await uploadOrderFile(ctx, { ...checked, bytes });
          return { status: 'success' as const, message: MSG.fileUploaded, file };
        },
      );
    });

    app.post(
      '/removefile',
      {
        schema: {
          tags,
          summary: 'Remove a file the school uploaded, while its order may still be changed',
          body: RemoveFileBody,
          response: { 200: RemoveFileResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        await removeOrderFile(ctx, school.userId, request.body.file_path_raw, ctx.clock(), request.log);
        return { status: 'success' as const, message: MSG.fileRemoved };
      },
    );

    app.get(
      '/orderfile/:name',
      {
        schema: {
          tags,
          summary: 'Download an uploaded file: the school’s own, or any for staff',
          description:
            'Answers the file itself as an attachment. Send the bearer token: a file that is not yours is not found.',
          params: OrderFileParams,
          response: { 200: z.any().describe('The file, as an attachment'), 401: ErrorEnvelope, 404: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const { name } = request.params;
        const found = await findOrderFile(ctx.db, user, name);
        const file = found ? await ctx.storage.get(orderFileKey(name)) : null;
        if (!found || !file) {
          if (found) request.log.warn({ storedName: name }, 'an order file is recorded but not stored');
          throw notFound(MSG.fileNotFound);
        }
        return reply
          .header('content-type', found.mime_type)
          .header('content-length', file.size)
          .header('content-disposition', attachment(found.file_name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
  };
}
