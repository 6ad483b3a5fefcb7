import type { TCostSheetResponse } from '@portal/contracts/admin-cost-sheets';
import { and, count, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orders } from '../../../db/schema/index.ts';
import { recordHistory } from '../../audit/record-history.ts';
import type { Staff } from '../staff.ts';
import { pricesOf } from './cost-sheet-prices.ts';
import { findCostSheet, sheetVersion } from './find-cost-sheet.ts';

/** A product's cost sheet for staff: its prices, how many orders a change would reprice, and its history. */
export async function getCostSheet(ctx: AppContext, staff: Staff, productId: number): Promise<TCostSheetResponse> {
  const { product, sheet } = await findCostSheet(ctx.db, productId);
  const ordersOf = (status: 'pending' | 'kept') =>
    ctx.db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.product_id, productId),
          status === 'pending' ? eq(orders.status, 'Pending') : ne(orders.status, 'Pending'),
        ),
      );
  const [[pending], [kept], history] = await Promise.all([
    ordersOf('pending'),
    ordersOf('kept'),
    recordHistory(ctx.db, 'cost-sheet', productId),
  ]);
  const { type: _type, ...shown } = product;
  return {
    status: 'success',
    message: 'ok',
    product: shown,
    exists: sheet !== null,
    prices: pricesOf(sheet),
    version: sheetVersion(sheet),
    updated_at: sheet?.updated_at.toISOString() ?? null,
    pending_orders: pending?.n ?? 0,
    kept_orders: kept?.n ?? 0,
    may_edit: staff.role === 'admin',
    history,
  };
}
