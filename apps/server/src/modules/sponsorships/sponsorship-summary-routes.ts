import { ErrorEnvelope } from '@portal/contracts/envelope';
import {
  SponsorshipDocumentLinkBody,
  SponsorshipDocumentLinkResponse,
  SponsorshipDocumentParams,
  SponsorshipSummaryQuery,
} from '@portal/contracts/sponsorships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireSponsor } from '../auth/require-user.ts';
import { sendPdf } from '../documents/send-pdf.ts';
import {
  createSponsorshipDocumentLink,
  getSponsorshipSummary,
  openSponsorshipDocumentLink,
} from './get-sponsorship-summary.ts';

const tags = ['sponsorships'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** Download Sponsorship Summary (spec §2): a PDF, opened through a short link as an order's invoice is (decision 012). */
export function sponsorshipSummaryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sponsorshipsummary',
      {
        schema: {
          tags,
          summary: 'The sponsorship’s summary, as a PDF to open in the browser’s viewer (the invoice_link)',
          querystring: SponsorshipSummaryQuery,
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        const sponsor = await requireSponsor(ctx, request);
        return sendPdf(reply, await getSponsorshipSummary(ctx, sponsor.userId, request.query.sponsorship_id));
      },
    );

    app.post(
      '/sponsorshipdocumentlink',
      {
        schema: {
          tags,
          summary: 'A link that opens the sponsorship’s summary in a new tab, for a few minutes',
          body: SponsorshipDocumentLinkBody,
          response: { 200: SponsorshipDocumentLinkResponse, ...errors },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        const link = await createSponsorshipDocumentLink(ctx, sponsor.userId, request.body.sponsorship_id);
        return { status: 'success' as const, message: 'ok', link };
      },
    );

    app.get(
      '/sponsorshipdocument/:token',
      {
        schema: {
          tags,
          summary: 'The PDF a sponsorship’s document link opens (no session: the link is the credential)',
          params: SponsorshipDocumentParams,
          response: { 200: z.any().describe('application/pdf'), 400: ErrorEnvelope, 404: ErrorEnvelope },
        },
      },
      async (request, reply) => sendPdf(reply, await openSponsorshipDocumentLink(ctx, request.params.token)),
    );
  };
}
