import {
  EnquiriesQuery,
  EnquiriesResponse,
  EnquiryConfirmQuery,
  EnquiryConfirmResponse,
  EnquiryDetailsQuery,
  EnquiryDetailsResponse,
  TempEnquiryQuery,
  TempEnquiryResponse,
  UpdateToEnquiryBody,
  UpdateToEnquiryResponse,
} from '@portal/contracts/enquiries';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSponsor } from '../auth/require-user.ts';
import { getEnquiryConfirmation } from './get-enquiry-confirmation.ts';
import { getEnquiryDetails } from './get-enquiry-details.ts';
import { getTempEnquiry } from './get-temp-enquiry.ts';
import { listSponsorEnquiries } from './list-sponsor-enquiries.ts';
import { submitEnquiry } from './submit-enquiry.ts';

const tags = ['sponsor enquiries'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** A sponsor's enquiries: the form, sending it, its result, the list and one in full (spec §2, §7; D2). */
export function enquiryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tempenq',
      {
        schema: {
          tags,
          summary: 'The enquiry being written: its product and the sponsor’s details to prefill the form',
          querystring: TempEnquiryQuery,
          response: { 200: TempEnquiryResponse, ...errors },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        return getTempEnquiry(ctx.db, sponsor.userId, request.query.enq_id);
      },
    );

    app.post(
      '/updatetoenq',
      {
        schema: {
          tags,
          summary: 'Send the enquiry to the sponsor’s sales rep; sent again, it is the same enquiry',
          body: UpdateToEnquiryBody,
          response: { 200: UpdateToEnquiryResponse, ...errors },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        const { enq_id, send_email: _always, idempotency_key: _sameEnquiry, ...fields } = request.body;
        const enqKey = await submitEnquiry(ctx, sponsor.userId, enq_id, fields);
        return { status: 'success' as const, message: MSG.enquiryReceived, enq_key: enqKey };
      },
    );

    app.get(
      '/enquiryconfirm',
      {
        schema: {
          tags,
          summary: 'Whether the sponsor’s enquiry has been sent',
          querystring: EnquiryConfirmQuery,
          response: { 200: EnquiryConfirmResponse, ...errors },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        return getEnquiryConfirmation(ctx.db, sponsor.userId, request.query.enq_key);
      },
    );

    app.get(
      '/enquiries',
      {
        schema: {
          tags,
          summary: 'A page of the sponsor’s sent enquiries, newest first',
          querystring: EnquiriesQuery,
          response: { 200: EnquiriesResponse, ...errors },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        return listSponsorEnquiries(ctx.db, sponsor.userId, request.query.page);
      },
    );

    app.get(
      '/enquirydetails',
      {
        schema: {
          tags,
          summary: 'One of the sponsor’s sent enquiries in full, with the replies',
          querystring: EnquiryDetailsQuery,
          response: { 200: EnquiryDetailsResponse, ...errors },
        },
      },
      async (request) => {
        const sponsor = await requireSponsor(ctx, request);
        return getEnquiryDetails(ctx.db, sponsor.userId, request.query.enq_key);
      },
    );
  };
}
