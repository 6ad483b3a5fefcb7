import {
  AdminSchoolResponse,
  AdminSchoolsQuery,
  AdminSchoolsResponse,
  SchoolStatusBody,
} from '@portal/contracts/admin-schools';
import { RecordHistoryResponse, RecordIdParams } from '@portal/contracts/admin-sponsors';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { isoDay } from '../../../lib/dates.ts';
import { recordHistory } from '../../audit/record-history.ts';
import { requireAdmin, requireStaffMember } from '../staff.ts';
import { sendStaffAnswer } from '../staff-answers.ts';
import { findStaffSchool } from './find-staff-school.ts';
import { getStaffSchool } from './get-staff-school.ts';
import { listSchools } from './list-schools.ts';
import { setSchoolStatus } from './set-school-status.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** /api/admin/schools: every staff member reads the schools; administrators enable and disable them. */
export function adminSchoolRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/schools',
      {
        schema: {
          tags,
          summary: 'Schools, a page at a time, searched by name, contact, e-mail or city, and sorted',
          querystring: AdminSchoolsQuery,
          response: { 200: AdminSchoolsResponse, ...errors },
        },
      },
      async (request, reply) => {
        const staff = await requireStaffMember(ctx, request);
        const { q, sort, page, after } = request.query;
        return sendStaffAnswer(ctx, request, reply, staff, AdminSchoolsResponse, () =>
          listSchools(ctx.db, { q, sort, page, after, today: isoDay(ctx.clock()) }),
        );
      },
    );

    app.get(
      '/schools/:id',
      {
        schema: {
          tags,
          summary: 'One school: its details, account, orders and tax certificates (expired or expiring flagged)',
          params: RecordIdParams,
          response: { 200: AdminSchoolResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        const school = await getStaffSchool(ctx.db, request.params.id, isoDay(ctx.clock()));
        return { status: 'success' as const, message: 'ok', school };
      },
    );

    app.get(
      '/schools/:id/history',
      {
        schema: {
          tags,
          summary: 'A school’s history: its audit entries, newest first',
          params: RecordIdParams,
          response: { 200: RecordHistoryResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        await findStaffSchool(ctx.db, request.params.id);
        return {
          status: 'success' as const,
          message: 'ok',
          entries: await recordHistory(ctx.db, 'school', request.params.id),
        };
      },
    );

    app.post(
      '/schools/:id/status',
      {
        schema: {
          tags,
          summary: 'Enable (1) or disable (0) a school’s account (administrators); disabling signs it out',
          params: RecordIdParams,
          body: SchoolStatusBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await setSchoolStatus(ctx, { userId: staff.userId, ip: request.ip }, request.params.id, request.body.status);
        return {
          status: 'success' as const,
          message: request.body.status === 1 ? MSG.schoolEnabled : MSG.schoolDisabled,
        };
      },
    );
  };
}
