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
import { toCostSheet } from '../../orders/find-school-order.ts';
import { repricePendingOrders } from '../../orders/reprice-pending-orders.ts';
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

/**
 * An administrator sets every price of a product's cost sheet (D10, D15). In one
 * transaction: the sheet, its audit row (each price changed, from and to, in cents), and
 * the product's Pending orders priced again; orders already Reserved or placed keep the
 * sheet they were given. A save over a change made meanwhile is refused.
 */
export async function saveCostSheet(
  ctx: AppContext,
  staff: Staff,
  productId: number,
  input: Input,
  ip: string,
): Promise<{ version: string; repriced: number }> {
  const prices = centsOf(input);
  const saved = await ctx.db.transaction(async (tx) => {
    const { sheet } = await findCostSheet(tx, productId, true);
    if (input.version !== undefined && input.version !== sheetVersion(sheet)) throw conflict(MSG.costSheetChanged);
    const before = pricesOf(sheet);
    if (sheet && COST_SHEET_PRICES.every((key) => before[key] === prices[key])) {
      return { version: sheetVersion(sheet), repriced: 0 };
    }
    const columns = columnsOf(prices);
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
    const repriced = await repricePendingOrders(tx, productId, toCostSheet(columns), { userId: staff.userId, ip });
    return { version: sheetVersion(written ?? null), repriced };
  });
  // Saves of the form that this server remembers were priced from the old sheet; other servers hear of it from the feed.
  ctx.cache.orderSnapshots.clear();
  return saved;
}
