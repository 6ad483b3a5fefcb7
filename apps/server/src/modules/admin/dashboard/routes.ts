import { AdminDashboardResponse } from '@portal/contracts/admin-dashboard';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireStaffMember } from '../staff.ts';
import { sendStaffAnswer } from '../staff-answers.ts';
import { getDashboard } from './get-dashboard.ts';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };

/** The back office's start page: reservations and revenue by school year, and what waits for staff. */
export function adminDashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      {
        schema: {
          tags: ['back office'],
          summary:
            'Reservations and revenue by school year, what sponsors and invoiced schools owe, and what waits for staff (a rep: their own sponsors)',
          response: { 200: AdminDashboardResponse, ...errors },
        },
      },
      async (request, reply) => {
        const staff = await requireStaffMember(ctx, request);
        return sendStaffAnswer(ctx, request, reply, staff, AdminDashboardResponse, () =>
          getDashboard(ctx.db, staff, ctx.clock()),
        );
      },
    );
  };
}
