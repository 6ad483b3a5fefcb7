import {
  CostSheetParams,
  CostSheetResponse,
  CostSheetsQuery,
  CostSheetsResponse,
  SaveCostSheetBody,
  SaveCostSheetResponse,
} from '@portal/contracts/admin-cost-sheets';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireAdmin, requireStaffMember } from '../staff.ts';
import { getCostSheet } from './get-cost-sheet.ts';
import { listCostSheets } from './list-cost-sheets.ts';
import { saveCostSheet } from './save-cost-sheet.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** /api/admin/cost-sheets: the prices of each orderable product's reservation form; administrators edit, reps read. */
export function adminCostSheetRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/cost-sheets',
      {
        schema: {
          tags,
          summary: 'Orderable products and their main prices, a page at a time, searched by name or category',
          querystring: CostSheetsQuery,
          response: { 200: CostSheetsResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        return listCostSheets(ctx.db, request.query);
      },
    );

    app.get(
      '/cost-sheets/:id',
      {
        schema: {
          tags,
          summary: "One product's cost sheet, the orders a change would reprice, and its history",
          params: CostSheetParams,
          response: { 200: CostSheetResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        return getCostSheet(ctx, staff, request.params.id);
      },
    );

    app.post(
      '/cost-sheets/:id',
      {
        schema: {
          tags,
          summary:
            "Set every price of a product's cost sheet, in dollars (administrators): new and Pending orders take them, Reserved and placed ones keep theirs",
          params: CostSheetParams,
          body: SaveCostSheetBody,
          response: { 200: SaveCostSheetResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        const saved = await saveCostSheet(ctx, staff, request.params.id, request.body, request.ip);
        return {
          status: 'success' as const,
          message: MSG.costSheetSaved,
          version: saved.version,
          repriced_orders: saved.repriced,
        };
      },
    );
  };
}
