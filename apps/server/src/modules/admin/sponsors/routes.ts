import {
  AdminSponsorResponse,
  AdminSponsorsQuery,
  AdminSponsorsResponse,
  CreateSponsorBody,
  CreateSponsorResponse,
  RecordHistoryResponse,
  RecordIdParams,
  SponsorStatusBody,
  UpdateSponsorBody,
} from '@portal/contracts/admin-sponsors';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { recordHistory } from '../../audit/record-history.ts';
import { repScope, requireStaffMember } from '../staff.ts';
import { sendStaffAnswer } from '../staff-answers.ts';
import { createSponsor } from './create-sponsor.ts';
import { findStaffSponsor } from './find-staff-sponsor.ts';
import { getStaffSponsor } from './get-staff-sponsor.ts';
import { listSponsors } from './list-sponsors.ts';
import { resendSponsorInvitation } from './resend-sponsor-invitation.ts';
import { setSponsorStatus } from './set-sponsor-status.ts';
import { updateSponsor } from './update-sponsor.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** /api/admin/sponsors: staff create and look after sponsors; a rep only their own. */
export function adminSponsorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sponsors',
      {
        schema: {
          tags,
          summary: 'Sponsors, a page at a time, with search, rep filter and sort (a rep: their own)',
          querystring: AdminSponsorsQuery,
          response: { 200: AdminSponsorsResponse, ...errors },
        },
      },
      async (request, reply) => {
        const staff = await requireStaffMember(ctx, request);
        const { q, srep_id, sort, page, after } = request.query;
        return sendStaffAnswer(ctx, request, reply, staff, AdminSponsorsResponse, () =>
          listSponsors(ctx.db, { q, srepId: repScope(staff) ?? srep_id, sort, page, after }),
        );
      },
    );

    app.post(
      '/sponsors',
      {
        schema: {
          tags,
          summary: 'Create a sponsor and e-mail it an invitation to set its password',
          body: CreateSponsorBody,
          response: { 200: CreateSponsorResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        const userId = await createSponsor(ctx, staff, request.body, request.ip);
        return { status: 'success' as const, message: MSG.sponsorCreated, user_id: userId };
      },
    );

    app.get(
      '/sponsors/:id',
      {
        schema: {
          tags,
          summary: 'One sponsor: profile, rep, account, enquiries and sponsorships',
          params: RecordIdParams,
          response: { 200: AdminSponsorResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        return {
          status: 'success' as const,
          message: 'ok',
          sponsor: await getStaffSponsor(ctx.db, staff, request.params.id),
        };
      },
    );

    app.post(
      '/sponsors/:id',
      {
        schema: {
          tags,
          summary: 'Save a sponsor’s profile (and, for an administrator, its rep)',
          params: RecordIdParams,
          body: UpdateSponsorBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await updateSponsor(ctx, staff, request.params.id, request.body, request.ip);
        return { status: 'success' as const, message: MSG.sponsorSaved };
      },
    );

    app.post(
      '/sponsors/:id/status',
      {
        schema: {
          tags,
          summary: 'Enable (1) or disable (0) a sponsor’s account; disabling signs it out',
          params: RecordIdParams,
          body: SponsorStatusBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await setSponsorStatus(ctx, staff, request.params.id, request.body.status, request.ip);
        return {
          status: 'success' as const,
          message: request.body.status === 1 ? MSG.sponsorEnabled : MSG.sponsorDisabled,
        };
      },
    );

    app.post(
      '/sponsors/:id/invitation',
      {
        schema: {
          tags,
          summary: 'Send the invitation again to a sponsor who has not set a password',
          params: RecordIdParams,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await resendSponsorInvitation(ctx, staff, request.params.id, request.ip);
        return { status: 'success' as const, message: MSG.sponsorInvitationSent };
      },
    );

    app.get(
      '/sponsors/:id/history',
      {
        schema: {
          tags,
          summary: 'A sponsor’s history: its audit entries, newest first',
          params: RecordIdParams,
          response: { 200: RecordHistoryResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await findStaffSponsor(ctx.db, staff, request.params.id);
        return {
          status: 'success' as const,
          message: 'ok',
          entries: await recordHistory(ctx.db, 'sponsor', request.params.id),
        };
      },
    );
  };
}
