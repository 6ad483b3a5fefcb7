import { ErrorEnvelope } from '@portal/contracts/envelope';
import {
  AnswerProofBody,
  AnswerProofResponse,
  OrderProofsQuery,
  OrderProofsResponse,
  ProofFileParams,
} from '@portal/contracts/proofs';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { order_proofs, orders } from '../../db/schema/index.ts';
import { requireSchool } from '../auth/require-user.ts';
import { answerProof } from './answer-proof.ts';
import { listSchoolProofs } from './list-school-proofs.ts';
import { sendProofFile } from './send-proof-file.ts';

const tags = ['school orders'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** The proofs of a school's own orders: read them, download them, approve them or ask for changes. */
export function schoolProofRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orderproofs',
      {
        schema: {
          tags,
          summary: 'The proofs of one of the school’s orders, newest first',
          querystring: OrderProofsQuery,
          response: { 200: OrderProofsResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        const proofs = await listSchoolProofs(ctx.db, school.userId, request.query.order_key);
        return { status: 'success' as const, message: 'ok', proofs };
      },
    );

    app.get(
      '/orderproof/:id',
      {
        schema: {
          tags,
          summary: 'Download a proof of one of the school’s orders',
          params: ProofFileParams,
          response: { 200: z.any().describe('The proof, as an attachment'), ...errors },
        },
      },
      async (request, reply) => {
        const school = await requireSchool(ctx, request);
        const own = [eq(order_proofs.id, request.params.id), eq(orders.school_user_id, school.userId)];
        return sendProofFile(ctx, request, reply, own);
      },
    );

    app.post(
      '/answerproof',
      {
        schema: {
          tags,
          summary: 'Approve a proof, or ask for changes saying what to change; staff are e-mailed',
          body: AnswerProofBody,
          response: { 200: AnswerProofResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        const { proof, message } = await answerProof(ctx, { userId: school.userId, ip: request.ip }, request.body);
        return { status: 'success' as const, message, proof };
      },
    );
  };
}
