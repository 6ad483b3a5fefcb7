import {
  COST_SHEET_PRICES,
  dollarsToCents,
  type SaveCostSheetBody,
  type TCostSheetCents,
} from '@portal/contracts/admin-cost-sheets';
import { MSG } from '@portal/contracts/messages';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { cost_sheets } from '../../../db/schema/index.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { jobsIn, QUEUES } from '../../jobs/job-queue.ts';
import { toCostSheet } from '../../orders/find-school-order.ts';
import { checkPendingPrices, type RepricedBy, repricePendingOrders } from '../../orders/reprice-pending-orders.ts';
import type { Staff } from '../staff.ts';
import { columnsOf, pricesOf } from './cost-sheet-prices.ts';
import { findCostSheet, sheetVersion } from './find-cost-sheet.ts';

type Input = z.output<typeof SaveCostSheetBody>;

/** The typed prices in cents; the schema has already refused any that does not read. */
function centsOf(input: Input): TCostSheetCents {
  const entries = COST_SHEET_PRICES.map((key) => {
    const cents = dollarsToCents(input[key]);
    if (cents === undefined) throw badRequest(MSG.costSheetPriceInvalid, { [key]: MSG.costSheetPriceInvalid });
    return [key, cents] as const;
  });
  return Object.fromEntries(entries) as TCostSheetCents;
}

/** A second pass over the product's Pending orders this long after a save, in case the server stopped during the first. */
export const REPRICE_CHECK_SECONDS = 60;

/** The job that passes over a product's Pending orders again. */
export interface RepriceJob extends RepricedBy {
  productId: number;
}

/**
 * An administrator sets every price of a product's cost sheet (D10, D15). In one
 * transaction: the sheet, its audit row (each price changed, from and to, in cents), and a
 * job that checks the product's Pending orders a minute later. Prices that would take a
 * Pending order past what an order may cost are refused first, writing nothing. Then the
 * Pending orders are priced again from the new sheet, step by step (repricePendingOrders);
 * orders already Reserved or placed keep the sheet they were given. A save over a change
 * made meanwhile is refused.
 */
export async function saveCostSheet(
  ctx: AppContext,
  staff: Staff,
  productId: number,
  input: Input,
  ip: string,
): Promise<{ version: string; repriced: number }> {
  const prices = centsOf(input);
  const by = { userId: staff.userId, ip };
  const saved = await ctx.db.transaction(async (tx) => {
    const { sheet } = await findCostSheet(tx, productId, true);
    if (input.version !== undefined && input.version !== sheetVersion(sheet)) throw conflict(MSG.costSheetChanged);
    const before = pricesOf(sheet);
    if (sheet && COST_SHEET_PRICES.every((key) => before[key] === prices[key])) {
      return { version: sheetVersion(sheet), changed: false };
    }
    const columns = columnsOf(prices);
    // The product's row is locked: no other save of this sheet, and no step of a repricing, meanwhile.
    await checkPendingPrices(tx, productId, toCostSheet(columns));
    const [written] = await tx
      .insert(cost_sheets)
      .values({ product_id: productId, ...columns })
      .onConflictDoUpdate({ target: cost_sheets.product_id, set: { ...columns, updated_at: new Date() } })
      .returning({ updated_at: cost_sheets.updated_at });
    await recordChange(tx, {
      actorId: staff.userId,
      action: sheet ? 'update' : 'create',
      entity: 'cost-sheet',
      entityId: productId,
      before,
      after: prices,
      ip,
    });
    await ctx.jobs.send(QUEUES.orderRepricing, { productId, ...by } satisfies RepriceJob, {
      db: jobsIn(tx),
      startAfterSeconds: REPRICE_CHECK_SECONDS,
    });
    return { version: sheetVersion(written ?? null), changed: true };
  });
  if (!saved.changed) return { version: saved.version, repriced: 0 };
  // Saves of the form that this server remembers were priced from the old sheet; other servers hear of it from the feed.
  ctx.cache.orderSnapshots.clear();
  const repriced = await repricePendingOrders(ctx.db, productId, by);
  return { version: saved.version, repriced };
}

/** The second pass after each save, run by whichever server takes the job. */
export async function workOrderRepricing(ctx: AppContext): Promise<void> {
  await ctx.jobs.work<RepriceJob>(QUEUES.orderRepricing, async ({ productId, userId, ip }) => {
    const repriced = await repricePendingOrders(ctx.db, productId, { userId, ip });
    if (repriced > 0) {
      ctx.log.warn({ productId, repriced }, 'orders left at their old price by a cost-sheet save were repriced');
      ctx.cache.orderSnapshots.clear();
    }
  });
}
