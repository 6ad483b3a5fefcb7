import {
  AdminRequestsQuery,
  AdminRequestsResponse,
  RecordIdParams,
  RequestHandledBody,
} from '@portal/contracts/admin-sponsors';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireAdmin } from '../staff.ts';
import { listContactRequests } from './list-contact-requests.ts';
import { markRequestHandled } from './mark-request-handled.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** /api/admin/requests: contact and sponsor requests (administrators). */
export function adminRequestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/requests',
      {
        schema: {
          tags,
          summary: 'Contact and sponsor requests, newest first, open or handled (administrators)',
          querystring: AdminRequestsQuery,
          response: { 200: AdminRequestsResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return listContactRequests(ctx.db, request.query);
      },
    );

    app.post(
      '/requests/:id/handled',
      {
        schema: {
          tags,
          summary: 'Mark a request handled (true) or open again (false)',
          params: RecordIdParams,
          body: RequestHandledBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await markRequestHandled(ctx, staff, request.params.id, request.body.handled, request.ip);
        return {
          status: 'success' as const,
          message: request.body.handled ? MSG.requestHandledSaved : MSG.requestReopenedSaved,
        };
      },
    );
  };
}
