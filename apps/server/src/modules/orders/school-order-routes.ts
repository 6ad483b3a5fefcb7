import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import {
  AcceptOrderTermsBody,
  CancelOrderBody,
  OrderDetailsQuery,
  OrderDetailsResponse,
  OrdersQuery,
  OrdersResponse,
} from '@portal/contracts/school-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSchool } from '../auth/require-user.ts';
import { acceptOrderTerms } from './accept-order-terms.ts';
import { cancelOrder } from './cancel-order.ts';
import { getOrderDetails } from './get-order-details.ts';
import { listSchoolOrders } from './list-school-orders.ts';

const tags = ['school orders'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** The school's orders once started: the list, one order in full, and cancelling it (spec §7; D12). */
export function schoolOrderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders',
      {
        schema: {
          tags,
          summary: 'A page of the school’s orders, newest first, of one year or all',
          querystring: OrdersQuery,
          response: { 200: OrdersResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        return listSchoolOrders(ctx, school.userId, request.query);
      },
    );

    app.get(
      '/orderdetails',
      {
        schema: {
          tags,
          summary: 'One of the school’s orders in full, with what the school may still do with it',
          querystring: OrderDetailsQuery,
          response: { 200: OrderDetailsResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        return getOrderDetails(ctx, school.userId, request.query.order_key);
      },
    );

    app.post(
      '/cancelorder',
      {
        schema: {
          tags,
          summary: 'Cancel the school’s order, while it may still do so itself (D12)',
          body: CancelOrderBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        return cancelOrder(ctx, school.userId, request.body.order_key);
      },
    );

    app.post(
      '/acceptordertnc',
      {
        schema: {
          tags,
          summary: 'Accept the free products’ terms of the school’s order: both confirmations ticked',
          body: AcceptOrderTermsBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        return acceptOrderTerms(ctx, school.userId, request.body.order_key);
      },
    );
  };
}
