import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { payments } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { confirmPayment, markPaymentFailed } from './confirm-payment.ts';
import { WebhookSignatureError } from './gateway.ts';

/** Stripe's webhook address, under /api (exempt from the anti-forgery header: it is signed instead). */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

/**
 * Stripe's signed notifications about Checkout Sessions (D13). The signature is checked
 * over the exact bytes Stripe sent, so this route alone reads its body raw. A completed
 * session is confirmed with Stripe like the return page does (once, however often it is
 * sent); a failed or expired one marks its payment failed.
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

        const [payment] = await ctx.db
          .select({ id: payments.id, key: payments.payment_key })
          .from(payments)
          .where(and(eq(payments.gateway, gateway.name), eq(payments.gateway_ref, event.ref)));
        // A session this product did not start (another integration on the same account): nothing to do.
        if (!payment) return { status: 'success' as const, message: 'ignored' };
        if (event.outcome === 'failed') await markPaymentFailed(ctx.db, payment.id);
        else await confirmPayment(ctx, payment.key);
        return { status: 'success' as const, message: 'ok' };
      },
    );
  };
}
