import { ErrorEnvelope } from '@portal/contracts/envelope';
import {
  OrderInvoiceFileQuery,
  OrderInvoicesQuery,
  OrderInvoicesResponse,
  OrderReceiptQuery,
  OrderStatementQuery,
} from '@portal/contracts/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireSchool } from '../auth/require-user.ts';
import { sendPdf } from '../documents/send-pdf.ts';
import { receiptPdf, statementPdf } from '../invoices/account-documents.ts';
import { getStoredInvoice } from '../invoices/invoice-document.ts';
import { listOrderInvoices } from '../invoices/list-order-invoices.ts';
import { receiptsOf } from '../invoices/order-account-documents.ts';
import { findOwnOrder } from './find-school-order.ts';

const tags = ['orders'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** A school's own order's invoices and credit notes, as they were issued. */
export function invoiceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orderinvoices',
      {
        schema: {
          tags,
          summary: 'The invoices and credit notes of the school’s own order, oldest first',
          querystring: OrderInvoicesQuery,
          response: { 200: OrderInvoicesResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        const order = await findOwnOrder(ctx.db, school.userId, request.query.order_key);
        const [{ entries }, receipts] = await Promise.all([
          listOrderInvoices(ctx.db, order.id),
          receiptsOf(ctx.db, order.id),
        ]);
        return { status: 'success' as const, message: 'ok', invoices: entries, receipts };
      },
    );

    app.get(
      '/orderinvoicefile',
      {
        schema: {
          tags,
          summary: 'One invoice or credit note of the school’s own order, as issued, as a PDF',
          querystring: OrderInvoiceFileQuery,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        const school = await requireSchool(ctx, request);
        const order = await findOwnOrder(ctx.db, school.userId, request.query.order_key);
        return sendPdf(reply, await getStoredInvoice(ctx.db, order.id, request.query.number));
      },
    );

    app.get(
      '/orderstatement',
      {
        schema: {
          tags,
          summary:
            'The statement of account of the school’s own order: invoices, credit notes, payments, refunds and balance, as a PDF',
          querystring: OrderStatementQuery,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        const school = await requireSchool(ctx, request);
        const order = await findOwnOrder(ctx.db, school.userId, request.query.order_key);
        return sendPdf(reply, await statementPdf(ctx, order.id));
      },
    );

    app.get(
      '/orderreceipt',
      {
        schema: {
          tags,
          summary: 'The receipt of one payment the school’s own order received, as a PDF',
          querystring: OrderReceiptQuery,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        const school = await requireSchool(ctx, request);
        const order = await findOwnOrder(ctx.db, school.userId, request.query.order_key);
        return sendPdf(reply, await receiptPdf(ctx, order.id, request.query.payment));
      },
    );
  };
}
