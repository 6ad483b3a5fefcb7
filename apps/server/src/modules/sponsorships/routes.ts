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
  SponsorshipDetailsQuery,
  SponsorshipDetailsResponse,
  SponsorshipPaymentBody,
  SponsorshipPaymentResponse,
  SponsorshipsQuery,
  SponsorshipsResponse,
} from '@portal/contracts/sponsorships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendOwnJson } from '../../lib/raw-json.ts';
import { requireSponsor } from '../auth/require-user.ts';
import { confirmBulkSponsorshipPayment } from './confirm-bulk-sponsorship-payment.ts';
import { confirmSponsorshipPayment } from './confirm-sponsorship-payment.ts';
import { csvFileName, exportSponsorshipsCsv } from './export-sponsorships-csv.ts';
import { getSponsorshipDetails } from './get-sponsorship-details.ts';
import { listBulkSponsorships } from './list-bulk-sponsorships.ts';
import { cachedSponsorshipList } from './list-sponsorships.ts';
import { payBulkSponsorships } from './pay-bulk-sponsorships.ts';
import { paySponsorship } from './pay-sponsorship.ts';
import { printSponsorships } from './print-sponsorships.ts';
import { sponsorshipSummaryRoutes } from './sponsorship-summary-routes.ts';

const YearQuery = SponsorshipsQuery.pick({ year: true });

const tags = ['sponsorships'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** A sponsor's sponsorships and their card payments, single and bulk (spec §7; D13). */
export function sponsorshipRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(sponsorshipSummaryRoutes(ctx));

    app.get(
      '/sponsorship',
      {
        schema: {
          tags,
          summary: 'A page of the sponsor’s sponsorships, of one year or all, with what is left to pay',
          querystring: SponsorshipsQuery,
          response: { 200: SponsorshipsResponse, ...errors },
        },
      },
      async (request, reply) => {
        const sponsor = await requireSponsor(ctx, request);
        const answer = await cachedSponsorshipList(ctx, sponsor.userId, request.query);
        return sendOwnJson(reply, answer);
      },
    );

    app.get(
      '/sponsorshipdetails',
      {
        schema: {
          tags,
          summary: 'One of the sponsor’s sponsorships with its items and payment attempts',
          querystring: SponsorshipDetailsQuery,
          response: { 200: SponsorshipDetailsResponse, ...errors },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        return getSponsorshipDetails(ctx.db, sponsor.userId, request.query.sponsorship_id);
      },
    );

    app.get(
      '/sponsorshipcsv',
      {
        schema: {
          tags,
          summary: 'The sponsor’s sponsorships of one year or all, one row per item, as CSV (the list’s CSV link)',
          querystring: YearQuery,
          response: { 200: z.any().describe('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const sponsor = await requireSponsor(ctx, request);
        const csv = await exportSponsorshipsCsv(ctx.db, sponsor.userId, request.query.year);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvFileName(request.query.year)}"`)
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );

    app.get(
      '/sponsorshipprint',
      {
        schema: {
          tags,
          summary: 'The sponsor’s sponsorships of one year or all, as a page to print (the list’s Print link)',
          querystring: YearQuery,
          response: { 200: z.any().describe('text/html'), ...errors },
        },
      },
      async (request, reply) => {
        const sponsor = await requireSponsor(ctx, request);
        const page = await printSponsorships(ctx.db, sponsor.userId, request.query.year);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(page);
      },
    );

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
