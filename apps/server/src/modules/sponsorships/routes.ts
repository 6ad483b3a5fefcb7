import { ErrorEnvelope } from '@portal/contracts/envelope';
import {
  BulkSponsorshipConfirmQuery,
  BulkSponsorshipConfirmResponse,
  PayBulkSponsorshipBody,
  PayBulkSponsorshipResponse,
  SponsorshipBulkQuery,
  SponsorshipBulkResponse,
  SponsorshipConfirmQuery,
  SponsorshipConfirmResponse,
  SponsorshipPaymentBody,
  SponsorshipPaymentResponse,
} from '@portal/contracts/sponsorships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSponsor } from '../auth/require-user.ts';
import { confirmBulkSponsorshipPayment } from './confirm-bulk-sponsorship-payment.ts';
import { confirmSponsorshipPayment } from './confirm-sponsorship-payment.ts';
import { listBulkSponsorships } from './list-bulk-sponsorships.ts';
import { payBulkSponsorships } from './pay-bulk-sponsorships.ts';
import { paySponsorship } from './pay-sponsorship.ts';

const tags = ['sponsorships'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** A sponsor's sponsorships and their card payments, single and bulk (spec §7; D13). */
export function sponsorshipRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/sponsorshippayment',
      {
        schema: {
          tags,
          summary: 'Start paying one sponsorship by card, in full or in part, on the gateway’s page',
          body: SponsorshipPaymentBody,
          response: { 200: SponsorshipPaymentResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        const { sponsorship_id, amount } = request.body;
        const started = await paySponsorship(ctx, sponsor.userId, { sponsorshipId: sponsorship_id, amount });
        return { status: 'success' as const, message: 'ok', ...started };
      },
    );

    app.get(
      '/sponsorshipconfirm',
      {
        schema: {
          tags,
          summary: 'A single sponsorship payment’s result, after the gateway has been asked',
          querystring: SponsorshipConfirmQuery,
          response: { 200: SponsorshipConfirmResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        return confirmSponsorshipPayment(ctx, sponsor.userId, request.query.payment_key, request.query.return_via);
      },
    );

    app.get(
      '/sponsorshipbulk',
      {
        schema: {
          tags,
          summary: 'The sponsorships a bulk payment would pay, and their total',
          querystring: SponsorshipBulkQuery,
          response: { 200: SponsorshipBulkResponse, ...errors },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        return listBulkSponsorships(ctx.db, sponsor.userId, request.query.exclude_sponsorships);
      },
    );

    app.post(
      '/paybulksponsorship',
      {
        schema: {
          tags,
          summary: 'Start paying the ticked sponsorships in full, in one card payment',
          body: PayBulkSponsorshipBody,
          response: { 200: PayBulkSponsorshipResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        const started = await payBulkSponsorships(ctx, sponsor.userId, request.body.exclude_sponsorships);
        return { status: 'success' as const, message: 'ok', ...started };
      },
    );

    app.get(
      '/bulksponsorshipconfirm',
      {
        schema: {
          tags,
          summary: 'A bulk sponsorship payment’s result, after the gateway has been asked',
          querystring: BulkSponsorshipConfirmQuery,
          response: { 200: BulkSponsorshipConfirmResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        return confirmBulkSponsorshipPayment(ctx, sponsor.userId, request.query.payment_key, request.query.return_via);
      },
    );
  };
}
