import fastifyMultipart from '@fastify/multipart';
import { AdminOrderParams } from '@portal/contracts/admin-orders';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import {
  AdminOrderProofsResponse,
  AdminProofParams,
  ProofUploadBody,
  ProofUploadResponse,
} from '@portal/contracts/proofs';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { order_proofs, orders } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { requireAdmin } from '../admin/staff.ts';
import { readUpload, streamedBodyValidator, UPLOAD_LIMITS } from '../orders/read-upload.ts';
import { staffProofs } from './proof-entry.ts';
import { sendProofFile } from './send-proof-file.ts';
import { checkProofUpload, parseProofFields, uploadProof } from './upload-proof.ts';

const tags = ['back office: orders'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** Proofs of a school's custom cover and pages, in the back office: administrators only, as the orders are. */
export function adminProofRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/:id/proofs',
      {
        schema: {
          tags,
          summary: 'The order’s proofs, newest first, with the school’s answers',
          params: AdminOrderParams,
          response: { 200: AdminOrderProofsResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, request.params.id));
        if (!order) throw notFound(MSG.orderNotFound);
        return { status: 'success' as const, message: 'ok', proofs: await staffProofs(ctx.db, order.id) };
      },
    );

    app.get(
      '/orders/:id/proofs/:proof_id/file',
      {
        schema: {
          tags,
          summary: 'Download a proof',
          params: AdminProofParams,
          response: { 200: z.any().describe('The proof, as an attachment'), ...errors },
        },
      },
      async (request, reply) => {
        await requireAdmin(ctx, request);
        const { id, proof_id } = request.params;
        return sendProofFile(ctx, request, reply, [eq(order_proofs.id, proof_id), eq(orders.id, id)]);
      },
    );

    // Multipart bodies are read by the upload alone.
    await app.register(async (uploads) => {
      await uploads.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });
      uploads.withTypeProvider<ZodTypeProvider>().post(
        '/orders/:id/proofs',
        {
          schema: {
            tags,
            summary: 'Upload a proof of the school’s custom cover or pages; the school is e-mailed to answer it',
            description:
              'A multipart/form-data body: the field `shows` (cover or pages) first, then the file part `cfile`, a PDF, JPEG or PNG of at most 5 MB whose content matches its extension.',
            consumes: ['multipart/form-data'],
            params: AdminOrderParams,
            body: ProofUploadBody,
            response: { 200: ProofUploadResponse, ...errors, 413: ErrorEnvelope, 415: ErrorEnvelope },
          },
          validatorCompiler: streamedBodyValidator,
        },
        async (request) => {
          const staff = await requireAdmin(ctx, request);
          const { id } = request.params;
          const { checked, bytes } = await readUpload(
            request,
            (sent, fileName) => checkProofUpload(ctx, id, sent, fileName),
            parseProofFields,
          );
          const proof = await uploadProof(ctx, { userId: staff.userId, ip: request.ip }, { ...checked, bytes });
          return { status: 'success' as const, message: MSG.proofUploaded, proof };
        },
      );
    });
  };
}
