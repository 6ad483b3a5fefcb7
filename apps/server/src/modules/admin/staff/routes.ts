import { RecordIdParams } from '@portal/contracts/admin-sponsors';
import {
  CreateStaffBody,
  CreateStaffResponse,
  StaffAccountsResponse,
  StaffStatusBody,
} from '@portal/contracts/admin-staff';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireAdmin } from '../staff.ts';
import { createStaff } from './create-staff.ts';
import { listStaff } from './list-staff.ts';
import { resendStaffInvitation } from './resend-staff-invitation.ts';
import { setStaffStatus } from './set-staff-status.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** /api/admin/staff: administrators invite, disable and enable staff accounts. */
export function adminStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff',
      {
        schema: {
          tags,
          summary: 'Every staff account: role, status, last sign-in and a rep’s sponsors (administrators)',
          response: { 200: StaffAccountsResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return { status: 'success' as const, message: 'ok', staff: await listStaff(ctx.db) };
      },
    );

    app.post(
      '/staff',
      {
        schema: {
          tags,
          summary: 'Create a staff account and e-mail it an invitation to set its password (administrators)',
          body: CreateStaffBody,
          response: { 200: CreateStaffResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        const userId = await createStaff(ctx, staff, request.body, request.ip);
        return { status: 'success' as const, message: MSG.staffCreated, user_id: userId };
      },
    );

    app.post(
      '/staff/:id/status',
      {
        schema: {
          tags,
          summary: 'Enable (1) or disable (0) a staff account; disabling signs it out (administrators)',
          params: RecordIdParams,
          body: StaffStatusBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await setStaffStatus(ctx, staff, request.params.id, request.body.status, request.ip);
        return {
          status: 'success' as const,
          message: request.body.status === 1 ? MSG.sponsorEnabled : MSG.staffDisabled,
        };
      },
    );

    app.post(
      '/staff/:id/invitation',
      {
        schema: {
          tags,
          summary: 'Send the invitation again to a staff member who has not set a password (administrators)',
          params: RecordIdParams,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await resendStaffInvitation(ctx, staff, request.params.id, request.ip);
        return { status: 'success' as const, message: MSG.sponsorInvitationSent };
      },
    );
  };
}
