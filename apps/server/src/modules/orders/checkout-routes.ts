import {
  CheckoutQuery,
  CheckoutResponse,
  OrderConfirmQuery,
  OrderConfirmResponse,
  PlaceOrderBody,
  PlaceOrderResponse,
} from '@portal/contracts/checkout';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSchool } from '../auth/require-user.ts';
import { getCheckout } from './get-checkout.ts';
import { getOrderConfirmation } from './get-order-confirmation.ts';
import { placeOrder } from './place-order.ts';

const tags = ['checkout'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** Checkout of a finalized order, its payment and its confirmation (spec §7; D13). */
export function checkoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/checkout',
      {
        schema: {
          tags,
          summary: 'What a finalized order has to pay: product, price rows, total',
          querystring: CheckoutQuery,
          response: { 200: CheckoutResponse, ...errors },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        return getCheckout(ctx, school.userId, request.query.order_key);
      },
    );

    app.post(
      '/placeorder',
      {
        schema: {
          tags,
          summary: 'Invoice the order now, or start paying it by card on the gateway’s page',
          body: PlaceOrderBody,
          response: { 200: PlaceOrderResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        const { order_key, payment_method } = request.body;
        return placeOrder(ctx, school.userId, { orderKey: order_key, paymentMethod: payment_method, ip: request.ip });
      },
    );

    app.get(
      '/orderconfirm',
      {
        schema: {
          tags,
          summary: 'The order confirmation, after the gateway has been asked about its payments',
          querystring: OrderConfirmQuery,
          response: { 200: OrderConfirmResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const school = await requireSchool(ctx, request);
        const { order_key, payment_key, return_via } = request.query;
        return getOrderConfirmation(ctx, school.userId, order_key, payment_key, return_via);
      },
    );
  };
}
