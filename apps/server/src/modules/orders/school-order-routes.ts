import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import {
  AcceptOrderTermsBody,
  CancelOrderBody,
  CancelRequestBody,
  OrderDetailsQuery,
  OrderDetailsResponse,
  OrderDocumentLinkBody,
  OrderDocumentLinkResponse,
  OrderDocumentParams,
  OrderDocumentQuery,
  OrdersQuery,
  OrdersResponse,
  ReorderBody,
  ReorderResponse,
} from '@portal/contracts/school-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendOwnJson } from '../../lib/raw-json.ts';
import { requireSchool } from '../auth/require-user.ts';
import { sendPdf } from '../documents/send-pdf.ts';
import { acceptOrderTerms } from './accept-order-terms.ts';
import { cancelOrder } from './cancel-order.ts';
import { getOrderDetails } from './get-order-details.ts';
import { createOrderDocumentLink, getOrderDocument, openOrderDocumentLink } from './get-order-document.ts';
import { cachedSchoolOrderList } from './list-school-orders.ts';
import { reorder } from './reorder.ts';
import { requestCancel } from './request-cancel.ts';

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
      async (request, reply) => {
        const school = await requireSchool(ctx, request);
        const answer = await cachedSchoolOrderList(ctx, school.userId, request.query);
        return sendOwnJson(reply, answer);
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

    app.get(
      '/orderinvoice',
      {
        schema: {
          tags,
          summary: 'The order’s invoice or quote, as a PDF to open in the browser’s viewer',
          querystring: OrderDocumentQuery,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        const school = await requireSchool(ctx, request);
        const { order_key, type, date } = request.query;
        return sendPdf(reply, await getOrderDocument(ctx, school.userId, { orderKey: order_key, type, date }));
      },
    );

    app.post(
      '/orderdocumentlink',
      {
        schema: {
          tags,
          summary: 'A link that opens the order’s invoice or quote in a new tab, for a few minutes',
          body: OrderDocumentLinkBody,
          response: { 200: OrderDocumentLinkResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        const { order_key, type, date } = request.body;
        const url = await createOrderDocumentLink(ctx, school.userId, { orderKey: order_key, type, date });
        return { status: 'success' as const, message: 'ok', url };
      },
    );

    app.get(
      '/orderdocument/:token',
      {
        schema: {
          tags,
          summary: 'The PDF a document link opens (no session: the link is the credential)',
          params: OrderDocumentParams,
          response: {
            200: z.any().describe('application/pdf'),
            400: ErrorEnvelope,
            404: ErrorEnvelope,
            409: ErrorEnvelope,
          },
        },
      },
      async (request, reply) => sendPdf(reply, await openOrderDocumentLink(ctx, request.params.token)),
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
        return cancelOrder(ctx, school.userId, request.body.order_key, request.ip);
      },
    );

    app.post(
      '/cancelorderenq',
      {
        schema: {
          tags,
          summary: 'Ask the team to cancel the order, once the school may no longer cancel it itself (D12)',
          body: CancelRequestBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        const { order_key, ...fields } = request.body;
        return requestCancel(ctx, school.userId, order_key, fields, request.ip);
      },
    );

    app.post(
      '/reorder',
      {
        schema: {
          tags,
          summary: 'Order again for next year: a new Pending order with this order’s counts and options',
          body: ReorderBody,
          response: { 200: ReorderResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        return reorder(ctx, school.userId, request.body.order_key);
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
        return acceptOrderTerms(ctx, school.userId, request.body.order_key, request.ip);
      },
    );
  };
}
