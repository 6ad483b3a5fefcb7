import { ErrorEnvelope } from '@portal/contracts/envelope';
import {
  PaySponsorshipPayLinkBody,
  PaySponsorshipPayLinkResponse,
  SponsorshipPayLinkQuery,
  SponsorshipPayLinkResponse,
  SponsorshipPaymentConfirmQuery,
  SponsorshipPaymentConfirmResponse,
} from '@portal/contracts/pay-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { confirmPayLinkPayment } from './confirm-pay-link-payment.ts';
import { getSponsorshipPayLink } from './get-sponsorship-pay-link.ts';
import { paySponsorshipPayLink } from './pay-sponsorship-pay-link.ts';

const tags = ['sponsorship pay links'];
const errors = { 400: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 410: ErrorEnvelope };

/**
 * Paying a sponsorship by the link staff sent, without signing in: the link's key is the
 * only credential, and it pays nothing but the sponsorship it names (D13).
 */
export function payLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sponsorshippaylink',
      {
        schema: {
          tags,
          summary: 'What a pay link pays: the sponsorship, what is left, and what Pay Now will charge',
          querystring: SponsorshipPayLinkQuery,
          response: { 200: SponsorshipPayLinkResponse, ...errors },
        },
      },
      async (request) => getSponsorshipPayLink(ctx, request.query.link_key),
    );

    app.post(
      '/sponsorshippaylink',
      {
        schema: {
          tags,
          summary: 'Start paying what a pay link names by card, on the gateway’s page',
          body: PaySponsorshipPayLinkBody,
          response: { 200: PaySponsorshipPayLinkResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const started = await paySponsorshipPayLink(ctx, request.body.link_key);
        return { status: 'success' as const, message: 'ok', ...started };
      },
    );

    app.get(
      '/sponsorshippaymentconfirm',
      {
        schema: {
          tags,
          summary: 'A pay-link payment’s result, after the gateway has been asked',
          querystring: SponsorshipPaymentConfirmQuery,
          response: { 200: SponsorshipPaymentConfirmResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => confirmPayLinkPayment(ctx, request.query.payment_key, request.query.return_via),
    );
  };
}
