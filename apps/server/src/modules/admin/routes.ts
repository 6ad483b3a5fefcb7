import {
  AdminLoginBody,
  AdminLoginResponse,
  AuditLogQuery,
  AuditLogResponse,
  StaffMeResponse,
} from '@portal/contracts/admin';
import { USER_TYPE } from '@portal/contracts/constants';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { listAuditLog } from '../audit/list-audit-log.ts';
import { logIn } from '../auth/log-in.ts';
import { adminInvoiceRoutes } from '../invoices/admin-invoice-routes.ts';
import { adminOrderPayLinkRoutes } from '../orders/admin-order-pay-link-routes.ts';
import { adminProofRoutes } from '../proofs/admin-proof-routes.ts';
import { adminCatalogueRoutes } from './catalogue/routes.ts';
import { adminContentRoutes } from './content/routes.ts';
import { adminCostSheetRoutes } from './cost-sheets/routes.ts';
import { adminDashboardRoutes } from './dashboard/routes.ts';
import { adminEnquiryRoutes } from './enquiries/routes.ts';
import { adminMoneyOwedRoutes } from './money-owed/routes.ts';
import { adminOrderRoutes } from './orders/routes.ts';
import { adminPaymentProblemRoutes } from './payment-problems/routes.ts';
import { adminRequestRoutes } from './requests/routes.ts';
import { adminSchoolRoutes } from './schools/routes.ts';
import { adminSponsorRoutes } from './sponsors/routes.ts';
import { adminSponsorshipRoutes } from './sponsorships/routes.ts';
import { adminStaffRoutes } from './staff/routes.ts';
import { requireAdmin, requireStaffMember } from './staff.ts';
import { sendStaffAnswer } from './staff-answers.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** Operations open without a staff session: only the employee login. */
const OPEN = new Set(['/api/admin/login']);

/**
 * The back office's operations, under /api/admin (D15). Every one but the login is
 * refused before its input is even read to anyone who is not signed in as staff; handlers then
 * narrow by role (requireAdmin) or by the rep's own sponsors (repScope).
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', async (request) => {
      if (!OPEN.has(request.routeOptions.url ?? '')) await requireStaffMember(ctx, request);
    });
    await app.register(adminOrderRoutes(ctx));
    await app.register(adminInvoiceRoutes(ctx));
    await app.register(adminPaymentProblemRoutes(ctx));

    app.post(
      '/login',
      {
        schema: {
          tags,
          summary: 'Sign in as staff (the employee login)',
          body: AdminLoginBody,
          response: { 200: AdminLoginResponse, ...errors, 429: ErrorEnvelope },
        },
      },
      async (request) => {
        const { username, password, remember } = request.body;
        const session = await logIn(ctx.db, {
          email: username,
          password,
          usertypes: [USER_TYPE.admin, USER_TYPE.salesRep],
          remember,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return { status: 'success' as const, message: MSG.loggedIn, ...session };
      },
    );

    app.get(
      '/me',
      {
        schema: {
          tags,
          summary: 'The staff member signed in, and their role',
          response: { 200: StaffMeResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        const [user] = await ctx.db
          .select({ first_name: users.first_name, last_name: users.last_name, email: users.email })
          .from(users)
          .where(eq(users.id, staff.userId));
        if (!user) throw notFound();
        const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
        return {
          status: 'success' as const,
          message: 'ok',
          user_id: staff.userId,
          name,
          email: user.email,
          role: staff.role,
        };
      },
    );

    await app.register(adminSponsorRoutes(ctx));
    await app.register(adminEnquiryRoutes(ctx));
    await app.register(adminRequestRoutes(ctx));

    app.get(
      '/auditlog',
      {
        schema: {
          tags,
          summary:
            'The audit log, newest first: every change to a business record, who made it and when (administrators)',
          querystring: AuditLogQuery,
          response: { 200: AuditLogResponse, ...errors },
        },
      },
      async (request, reply) => {
        const staff = await requireAdmin(ctx, request);
        const { entity, entity_id, actor_user_id, q, page, after } = request.query;
        return sendStaffAnswer(ctx, request, reply, staff, AuditLogResponse, () =>
          listAuditLog(ctx.db, { entity, entityId: entity_id, actorUserId: actor_user_id, q, page, after }),
        );
      },
    );

    await app.register(adminSponsorshipRoutes(ctx));
    await app.register(adminContentRoutes(ctx));
    await app.register(adminSchoolRoutes(ctx));
    await app.register(adminCostSheetRoutes(ctx));
    await app.register(adminProofRoutes(ctx));
    await app.register(adminDashboardRoutes(ctx));
    await app.register(adminCatalogueRoutes(ctx));
    await app.register(adminOrderPayLinkRoutes(ctx));
    await app.register(adminMoneyOwedRoutes(ctx));
    await app.register(adminStaffRoutes(ctx));
  };
}
