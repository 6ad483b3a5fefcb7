import { ErrorEnvelope } from '@portal/contracts/envelope';
import {
  OrderPayLinkQuery,
  OrderPayLinkResponse,
  OrderPaymentConfirmQuery,
  OrderPaymentConfirmResponse,
  PayOrderPayLinkBody,
  PayOrderPayLinkResponse,
} from '@portal/contracts/pay-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { confirmOrderPayLinkPayment } from './confirm-order-pay-link-payment.ts';
import { getOrderPayLink } from './get-order-pay-link.ts';
import { payOrderPayLink } from './pay-order-pay-link.ts';

const tags = ['order pay links'];
const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 410: ErrorEnvelope };

/**
 * Paying an order's balance by the link staff sent, without signing in: the link's key is
 * the only credential, and it pays nothing but the balance of the order it names (D13).
 */
export function orderPayLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orderpaylink',
      {
        schema: {
          tags,
          summary: 'What an order pay link pays: the order, what it has received, and the balance Pay Now charges',
          querystring: OrderPayLinkQuery,
          response: { 200: OrderPayLinkResponse, ...errors },
        },
      },
      async (request) => getOrderPayLink(ctx, request.query.link_key),
    );

    app.post(
      '/orderpaylink',
      {
        schema: {
          tags,
          summary: 'Start paying the order’s balance by card, on the gateway’s page',
          body: PayOrderPayLinkBody,
          response: { 200: PayOrderPayLinkResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const started = await payOrderPayLink(ctx, request.body.link_key);
        return { status: 'success' as const, message: 'ok', ...started };
      },
    );

    app.get(
      '/orderpaymentconfirm',
      {
        schema: {
          tags,
          summary: 'An order pay-link payment’s result, after the gateway has been asked',
          querystring: OrderPaymentConfirmQuery,
          response: { 200: OrderPaymentConfirmResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => confirmOrderPayLinkPayment(ctx, request.query.payment_key, request.query.return_via),
    );
  };
}
