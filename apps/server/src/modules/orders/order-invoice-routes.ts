import { ErrorEnvelope } from '@portal/contracts/envelope';
import { OrderInvoiceFileQuery, OrderInvoicesQuery, OrderInvoicesResponse } from '@portal/contracts/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireSchool } from '../auth/require-user.ts';
import { sendPdf } from '../documents/send-pdf.ts';
import { getStoredInvoice } from '../invoices/invoice-document.ts';
import { listOrderInvoices } from '../invoices/list-order-invoices.ts';
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
        const { entries } = await listOrderInvoices(ctx.db, order.id);
        return { status: 'success' as const, message: 'ok', invoices: entries };
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
  };
}
