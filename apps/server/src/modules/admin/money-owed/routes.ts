import { AdminMoneyOwedQuery, AdminMoneyOwedResponse } from '@portal/contracts/admin-money-owed';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { repScope, requireStaffMember } from '../staff.ts';
import { moneyOwedCsv, moneyOwedCsvName } from './export-money-owed-csv.ts';
import { listMoneyOwed } from './list-money-owed.ts';

const tags = ['back office: money owed'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };

/** What sponsors and invoiced schools owe, aged (D15): administrators all of it, a rep their own sponsors'. */
export function adminMoneyOwedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const report = async (
      request: Parameters<typeof requireStaffMember>[1],
      kind: 'sponsorship' | 'order' | undefined,
    ) => {
      const staff = await requireStaffMember(ctx, request);
      const { rows, ...rest } = await listMoneyOwed(ctx.db, { today: ctx.clock(), repId: repScope(staff), kind });
      return { ...rest, rows: rows.map(({ user_id: _, ...row }) => row) };
    };

    app.get(
      '/money-owed',
      {
        schema: {
          tags,
          summary: 'What sponsors and invoiced schools owe, by days past the due date, with the totals of each band',
          querystring: AdminMoneyOwedQuery,
          response: { 200: AdminMoneyOwedResponse, ...errors },
        },
      },
      async (request) => report(request, request.query.kind),
    );

    app.get(
      '/money-owed.csv',
      {
        schema: {
          tags,
          summary: 'The money-owed report as a CSV file',
          querystring: AdminMoneyOwedQuery,
          response: { 200: z.any().describe('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const answer = await report(request, request.query.kind);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${moneyOwedCsvName(answer.today)}"`)
          .header('cache-control', 'no-store')
          .send(moneyOwedCsv(answer));
      },
    );
  };
}
