import { AdminOrderParams } from '@portal/contracts/admin-orders';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import {
  AdminInvoiceParams,
  AdminInvoicePreviewQuery,
  AdminInvoicePreviewResponse,
  AdminIssueInvoiceBody,
  AdminIssueInvoiceResponse,
  AdminOrderInvoicesResponse,
  AdminReceiptParams,
} from '@portal/contracts/invoices';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { requireAdmin } from '../admin/staff.ts';
import { sendPdf } from '../documents/send-pdf.ts';
import { receiptPdf, statementPdf } from './account-documents.ts';
import { getStoredInvoice } from './invoice-document.ts';
import { issueInvoice } from './issue-invoice.ts';
import { invoiceEntry, listOrderInvoices } from './list-order-invoices.ts';
import { previewInvoice } from './preview-invoice.ts';

const tags = ['back office: orders'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** An order's invoices and credit notes in the back office: administrators, as for orders. */
export function adminInvoiceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/:id/invoices',
      {
        schema: {
          tags,
          summary: 'The order’s invoices and credit notes, and what they add up to',
          params: AdminOrderParams,
          response: { 200: AdminOrderInvoicesResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        const [order] = await ctx.db
          .select({ order_status: orders.status, total_cents: orders.total_cents })
          .from(orders)
          .where(eq(orders.id, request.params.id));
        if (!order) throw notFound(MSG.orderNotFound);
        const { entries, invoiced } = await listOrderInvoices(ctx.db, request.params.id);
        return {
          status: 'success' as const,
          message: 'ok',
          invoices: entries,
          order_status: order.order_status,
          total_cents: order.total_cents,
          invoiced_cents: invoiced,
        };
      },
    );

    app.get(
      '/orders/:id/invoices/preview',
      {
        schema: {
          tags,
          summary: 'What issuing the first invoice, an invoice for the difference or a credit note would give now',
          params: AdminOrderParams,
          querystring: AdminInvoicePreviewQuery,
          response: { 200: AdminInvoicePreviewResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return previewInvoice(ctx, request.params.id, request.query.kind);
      },
    );

    app.post(
      '/orders/:id/invoices',
      {
        schema: {
          tags,
          summary:
            'Issue the first invoice, an invoice for the difference or a credit note, numbered and kept as issued',
          params: AdminOrderParams,
          body: AdminIssueInvoiceBody,
          response: { 200: AdminIssueInvoiceResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        const { kind, amount_cents } = request.body;
        const row = await issueInvoice(ctx, {
          orderId: request.params.id,
          kind,
          issued: isoDay(ctx.clock()),
          actor: { userId: staff.userId, ip: request.ip },
          expectedCents: amount_cents,
        });
        return {
          status: 'success' as const,
          message: row.kind === 'credit-note' ? MSG.creditNoteIssued : MSG.invoiceIssued,
          invoice: invoiceEntry(row),
        };
      },
    );

    app.get(
      '/orders/:id/invoices/:number',
      {
        schema: {
          tags,
          summary: 'One of the order’s invoices or credit notes, as issued, as a PDF',
          params: AdminInvoiceParams,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        await requireAdmin(ctx, request);
        return sendPdf(reply, await getStoredInvoice(ctx.db, request.params.id, request.params.number));
      },
    );

    app.get(
      '/orders/:id/statement',
      {
        schema: {
          tags,
          summary:
            'The order’s statement of account today: invoices, credit notes, payments, refunds and balance, as a PDF',
          params: AdminOrderParams,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        await requireAdmin(ctx, request);
        return sendPdf(reply, await statementPdf(ctx, request.params.id));
      },
    );

    app.get(
      '/orders/:id/receipts/:payment',
      {
        schema: {
          tags,
          summary: 'The receipt of one payment the order received, as a PDF',
          params: AdminReceiptParams,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        await requireAdmin(ctx, request);
        return sendPdf(reply, await receiptPdf(ctx, request.params.id, request.params.payment));
      },
    );
  };
}
