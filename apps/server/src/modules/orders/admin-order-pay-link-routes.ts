import { AdminOrderParams } from '@portal/contracts/admin-orders';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import {
  AdminOrderPayLinkResponse,
  AdminSendOrderPayLinkBody,
  AdminSendOrderPayLinkResponse,
} from '@portal/contracts/pay-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../admin/staff.ts';
import { sendOrderPayLink } from './create-order-pay-link.ts';
import { getAdminOrderPayLink } from './get-admin-order-pay-link.ts';

const tags = ['back office: orders'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/**
 * An order's pay link in the back office: administrators only, like every order screen
 * (a sales rep answers 403: reps look after sponsors, not schools' orders).
 */
export function adminOrderPayLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/:id/pay-link',
      {
        schema: {
          tags,
          summary: 'Whether a pay link may be sent for the order’s balance, to whom, and those sent so far',
          params: AdminOrderParams,
          response: { 200: AdminOrderPayLinkResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return getAdminOrderPayLink(ctx, request.params.id);
      },
    );

    app.post(
      '/orders/:id/pay-link',
      {
        schema: {
          tags,
          summary: 'E-mail the school a link to pay the order’s balance by card, without signing in',
          params: AdminOrderParams,
          body: AdminSendOrderPayLinkBody,
          response: { 200: AdminSendOrderPayLinkResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        const sent = await sendOrderPayLink(ctx, { userId: staff.userId, ip: request.ip }, request.params.id, {
          to: request.body.to,
        });
        return { status: 'success' as const, message: MSG.adminPayLinkSent, ...sent };
      },
    );
  };
}
