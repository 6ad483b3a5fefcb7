import {
  AdminMoneyOwedCsvQuery,
  AdminMoneyOwedQuery,
  AdminMoneyOwedResponse,
  MONEY_OWED_PAGE_SIZE,
} from '@portal/contracts/admin-money-owed';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { isoDay } from '../../../lib/dates.ts';
import { repScope, requireStaffMember } from '../staff.ts';
import { sendStaffAnswer } from '../staff-answers.ts';
import { moneyOwedCsv, moneyOwedCsvName } from './export-money-owed-csv.ts';
import { listMoneyOwed } from './list-money-owed.ts';

const tags = ['back office: money owed'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };

/** What sponsors and invoiced schools owe, aged (D15): administrators all of it, a rep their own sponsors'. */
export function adminMoneyOwedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/money-owed',
      {
        schema: {
          tags,
          summary:
            'A page of what sponsors and invoiced schools owe, by days past the due date, with the totals of each band',
          querystring: AdminMoneyOwedQuery,
          response: { 200: AdminMoneyOwedResponse, ...errors },
        },
      },
      async (request, reply) => {
        const staff = await requireStaffMember(ctx, request);
        const { kind, bucket, page } = request.query;
        const filter = { today: ctx.clock(), repId: repScope(staff), kind, bucket };
        return sendStaffAnswer(ctx, request, reply, staff, AdminMoneyOwedResponse, async () => {
          const { rows, ...rest } = await listMoneyOwed(ctx.db, filter, { page, pageSize: MONEY_OWED_PAGE_SIZE });
          return { ...rest, rows: rows.map(({ user_id: _, ...row }) => row) };
        });
      },
    );

    app.get(
      '/money-owed.csv',
      {
        schema: {
          tags,
          summary: 'Every line of the money-owed report, of a kind and band, as a CSV file',
          querystring: AdminMoneyOwedCsvQuery,
          response: { 200: z.any().describe('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const staff = await requireStaffMember(ctx, request);
        const today = ctx.clock();
        const { kind, bucket } = request.query;
        const csv = moneyOwedCsv(ctx.db, { today, repId: repScope(staff), kind, bucket });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${moneyOwedCsvName(isoDay(today))}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
