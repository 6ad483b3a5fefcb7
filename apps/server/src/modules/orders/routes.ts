import { ErrorEnvelope } from '@portal/contracts/envelope';
import {
  TempOrderQuery,
  TempOrderResponse,
  UpdateTempOrderBody,
  UpdateTempOrderResponse,
} from '@portal/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSchool } from '../auth/require-user.ts';
import { getOrderForm } from './get-order-form.ts';
import { saveOrderForm } from './save-order-form.ts';

const tags = ['orders'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** The school's reservation form: its order read and saved, priced by the server (spec §7). */
export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/temporder',
      {
        schema: {
          tags,
          summary: 'The reservation form of one of the school’s orders',
          querystring: TempOrderQuery,
          response: { 200: TempOrderResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        return getOrderForm(ctx, school.userId, request.query.order_key, ctx.clock());
      },
    );

    app.post(
      '/updatetemporder',
      {
        schema: {
          tags,
          summary: 'Save the reservation form: a draft, a completed reservation, or a finalized order',
          body: UpdateTempOrderBody,
          response: { 200: UpdateTempOrderResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        const { order_key, draft, status, changed, ...values } = request.body;
        return saveOrderForm(
          ctx,
          school.userId,
          { orderKey: order_key, draft, status, values, changed, ip: request.ip },
          ctx.clock(),
        );
      },
    );
  };
}
