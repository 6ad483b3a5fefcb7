import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { WebhookSignatureError } from './gateway.ts';
import { handleGatewayEvent } from './handle-gateway-event.ts';

/** Stripe's webhook address, under /api (exempt from the anti-forgery header: it is signed instead). */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

/**
 * Stripe's signed notifications about Checkout Sessions (D13). The signature is checked
 * over the exact bytes Stripe sent, so this route alone reads its body raw; the event is
 * then handled as every gateway's is (handleGatewayEvent).
 */
export function stripeWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      STRIPE_WEBHOOK_PATH.replace(/^\/api/, ''),
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook: Checkout Session events, signed with STRIPE_WEBHOOK_SECRET',
          response: { 200: SuccessEnvelope, 400: ErrorEnvelope, 404: ErrorEnvelope, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const gateway = ctx.gateway;
        if (!gateway.parseWebhook) throw notFound();
        if (!Buffer.isBuffer(request.body)) throw badRequest('The webhook body must be JSON.');
        const signature = request.headers['stripe-signature'];
        let event: ReturnType<NonNullable<typeof gateway.parseWebhook>>;
        try {
          event = gateway.parseWebhook(request.body, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw badRequest(error.message);
          throw error;
        }
        if (!event) return { status: 'success' as const, message: 'ignored' };

        const result = await handleGatewayEvent(ctx, gateway.name, event);
        return { status: 'success' as const, message: result };
      },
    );
  };
}
