import {
  AdminApplyCreditBody,
  AdminCancelAnswerBody,
  AdminDeliveryDateBody,
  AdminOrderActionResponse,
  AdminOrderDocumentQuery,
  AdminOrderParams,
  AdminOrderResponse,
  AdminOrderStatusBody,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminOrderTaxBody,
} from '@portal/contracts/admin-orders';
import { OfflinePaymentBody } from '@portal/contracts/admin-sponsorships';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import { AdminRefundBody } from '@portal/contracts/refunds';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { sendPdf } from '../../documents/send-pdf.ts';
import { getStaffOrderDocument } from '../../orders/get-order-document.ts';
import { requireAdmin } from '../staff.ts';
import { sendStaffAnswer } from '../staff-answers.ts';
import { answerCancelRequest } from './answer-cancel-request.ts';
import { applyOrderCredit } from './apply-order-credit.ts';
import type { StaffActor } from './find-staff-order.ts';
import { getAdminOrder } from './get-admin-order.ts';
import { listAdminOrders } from './list-admin-orders.ts';
import { moveOrderStatus } from './move-order-status.ts';
import { recordOrderOfflinePayment } from './record-order-offline-payment.ts';
import { refundOrderPayment } from './refund-order-payment.ts';
import { setDeliveryDate } from './set-delivery-date.ts';
import { setOrderTax } from './set-order-tax.ts';

const tags = ['back office: orders'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const changed = { 200: AdminOrderActionResponse, ...errors };

/** The schools' orders in the back office (D15): administrators only, every one of them. */
export function adminOrderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = async (request: FastifyRequest): Promise<StaffActor> => {
      const staff = await requireAdmin(ctx, request);
      return { userId: staff.userId, ip: request.ip };
    };

    app.get(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Every school’s orders, filtered, searched and sorted, a page at a time',
          querystring: AdminOrdersQuery,
          response: { 200: AdminOrdersResponse, ...errors },
        },
      },
      async (request, reply) => {
        const staff = await requireAdmin(ctx, request);
        const {
          status,
          school_year,
          payment_status,
          cancel_request,
          proof_waiting,
          invoiced,
          q,
          sort,
          dir,
          page,
          after,
        } = request.query;
        return sendStaffAnswer(ctx, request, reply, staff, AdminOrdersResponse, () =>
          listAdminOrders(ctx.db, {
            status,
            schoolYear: school_year,
            paymentStatus: payment_status,
            cancelRequestOpen: cancel_request === '1',
            proofWaiting: proof_waiting === '1',
            invoiced: invoiced === '1',
            q,
            sort,
            dir,
            page,
            after,
          }),
        );
      },
    );

    app.get(
      '/orders/:id',
      {
        schema: {
          tags,
          summary: 'One order: what the school saw, its files, payments, cancel request, history and allowed moves',
          params: AdminOrderParams,
          response: { 200: AdminOrderResponse, ...errors },
        },
      },
      async (request) => {
        await admin(request);
        return getAdminOrder(ctx, request.params.id);
      },
    );

    app.get(
      '/orders/:id/document',
      {
        schema: {
          tags,
          summary: 'The order’s invoice as issued, or its quote, as a PDF (an invoice is issued by its own call)',
          params: AdminOrderParams,
          querystring: AdminOrderDocumentQuery,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        await admin(request);
        return sendPdf(reply, await getStaffOrderDocument(ctx, request.params.id, request.query.type));
      },
    );

    app.post(
      '/orders/:id/status',
      {
        schema: {
          tags,
          summary: 'Move the order to another status, as the order rules allow; the school is e-mailed',
          params: AdminOrderParams,
          body: AdminOrderStatusBody,
          response: changed,
        },
      },
      async (request) => moveOrderStatus(ctx, await admin(request), request.params.id, request.body.status),
    );

    app.post(
      '/orders/:id/delivery-date',
      {
        schema: {
          tags,
          summary: 'Set the day the order will be delivered; the school is e-mailed',
          params: AdminOrderParams,
          body: AdminDeliveryDateBody,
          response: changed,
        },
      },
      async (request) => setDeliveryDate(ctx, await admin(request), request.params.id, request.body.delivery_date),
    );

    app.post(
      '/orders/:id/tax',
      {
        schema: {
          tags,
          summary: 'Add the tax to the order, kept over the school’s later saves; the school is e-mailed the new total',
          params: AdminOrderParams,
          body: AdminOrderTaxBody,
          response: changed,
        },
      },
      async (request) => setOrderTax(ctx, await admin(request), request.params.id, request.body),
    );

    app.post(
      '/orders/:id/offline-payment',
      {
        schema: {
          tags,
          summary:
            'Record a check, a bank transfer or a district’s payment received for the order; the school gets its receipt',
          params: AdminOrderParams,
          body: OfflinePaymentBody,
          response: changed,
        },
      },
      async (request) => {
        await recordOrderOfflinePayment(ctx, await admin(request), request.params.id, request.body);
        return { status: 'success' as const, message: MSG.adminOfflinePaymentRecorded };
      },
    );

    app.post(
      '/orders/:id/refund',
      {
        schema: {
          tags,
          summary:
            'Give back all or part of a payment the order received: to its card through the gateway, or by a check or transfer sent; the school is e-mailed',
          params: AdminOrderParams,
          body: AdminRefundBody,
          response: { ...changed, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const done = await refundOrderPayment(ctx, await admin(request), request.params.id, request.body);
        return {
          status: 'success' as const,
          message: done.status === 'succeeded' ? MSG.adminRefundRecorded : MSG.adminRefundPending,
        };
      },
    );

    app.post(
      '/orders/:id/apply-credit',
      {
        schema: {
          tags,
          summary:
            'Apply the school’s credit on this order to another of its orders with a balance due; the school gets its receipt',
          params: AdminOrderParams,
          body: AdminApplyCreditBody,
          response: changed,
        },
      },
      async (request) => {
        await applyOrderCredit(ctx, await admin(request), request.params.id, request.body);
        return { status: 'success' as const, message: MSG.adminCreditApplied };
      },
    );

    app.post(
      '/orders/:id/cancel-request',
      {
        schema: {
          tags,
          summary: 'Approve (cancels the order) or decline the school’s cancel request; the school is e-mailed',
          params: AdminOrderParams,
          body: AdminCancelAnswerBody,
          response: changed,
        },
      },
      async (request) => answerCancelRequest(ctx, await admin(request), request.params.id, request.body),
    );
  };
}
