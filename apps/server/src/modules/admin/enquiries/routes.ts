import {
  AdminEnquiriesQuery,
  AdminEnquiriesResponse,
  AdminEnquiryResponse,
  EnquiryCloseBody,
  EnquiryReplyBody,
  RecordHistoryResponse,
  RecordIdParams,
} from '@portal/contracts/admin-sponsors';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { recordHistory } from '../../audit/record-history.ts';
import { repScope, requireStaffMember } from '../staff.ts';
import { sendStaffAnswer } from '../staff-answers.ts';
import { closeEnquiry } from './close-enquiry.ts';
import { findStaffEnquiry } from './find-staff-enquiry.ts';
import { getStaffEnquiry } from './get-staff-enquiry.ts';
import { listStaffEnquiries } from './list-staff-enquiries.ts';
import { replyToEnquiry } from './reply-to-enquiry.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** /api/admin/enquiries: the inbox of sponsors' enquiries; a rep sees the ones sent to them. */
export function adminEnquiryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/enquiries',
      {
        schema: {
          tags,
          summary: 'Sent enquiries, newest first, by state and words (a rep: their own)',
          querystring: AdminEnquiriesQuery,
          response: { 200: AdminEnquiriesResponse, ...errors },
        },
      },
      async (request, reply) => {
        const staff = await requireStaffMember(ctx, request);
        return sendStaffAnswer(ctx, request, reply, staff, AdminEnquiriesResponse, () =>
          listStaffEnquiries(ctx.db, { ...request.query, srepId: repScope(staff) }),
        );
      },
    );

    app.get(
      '/enquiries/:id',
      {
        schema: {
          tags,
          summary: 'One enquiry with its thread of replies',
          params: RecordIdParams,
          response: { 200: AdminEnquiryResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        return {
          status: 'success' as const,
          message: 'ok',
          enquiry: await getStaffEnquiry(ctx.db, staff, request.params.id),
        };
      },
    );

    app.post(
      '/enquiries/:id/replies',
      {
        schema: {
          tags,
          summary: 'Reply to an enquiry: the sponsor reads it on its enquiry page and is told by e-mail',
          params: RecordIdParams,
          body: EnquiryReplyBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await replyToEnquiry(ctx, staff, request.params.id, request.body.message, request.ip);
        return { status: 'success' as const, message: MSG.enquiryReplySent };
      },
    );

    app.post(
      '/enquiries/:id/close',
      {
        schema: {
          tags,
          summary: 'Close (true) or reopen (false) an enquiry',
          params: RecordIdParams,
          body: EnquiryCloseBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await closeEnquiry(ctx, staff, request.params.id, request.body.closed, request.ip);
        return {
          status: 'success' as const,
          message: request.body.closed ? MSG.enquiryClosedSaved : MSG.enquiryReopenedSaved,
        };
      },
    );

    app.get(
      '/enquiries/:id/history',
      {
        schema: {
          tags,
          summary: 'An enquiry’s history: its audit entries, newest first',
          params: RecordIdParams,
          response: { 200: RecordHistoryResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await findStaffEnquiry(ctx.db, staff, request.params.id);
        return {
          status: 'success' as const,
          message: 'ok',
          entries: await recordHistory(ctx.db, 'enquiry', request.params.id),
        };
      },
    );
  };
}
