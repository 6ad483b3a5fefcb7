import { isDeepStrictEqual } from 'node:util';
import { costSheetTooLarge } from '@portal/contracts/messages';
import { MONEY_MAX_CENTS } from '@portal/contracts/money';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { cost_sheets, orders, products } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { stepsById } from '../../lib/steps.ts';
import { recordChanges } from '../audit/record-change.ts';
import { toCostSheet } from './find-school-order.ts';
import { type CostSheet, priceOrder } from './price-order.ts';
import { storedAnswers } from './save-order-form.ts';

/**
 * Pending orders priced in one step at most: each step is its own transaction, so that a
 * product with thousands of drafts never holds thousands of row locks, nor holds a school's
 * save of its form for longer than one step takes.
 */
export const REPRICE_BATCH = 500;

/** Who saved the sheet: each order repriced has it in its history as their change. */
export interface RepricedBy {
  userId: number;
  ip?: string | undefined;
}

const pendingColumns = {
  id: orders.id,
  custom_fields: orders.custom_fields,
  total_cents: orders.total_cents,
  custom_price: orders.custom_price,
  has_tax: orders.has_tax,
  tax_cents: orders.tax_cents,
  tax_rate_bp: orders.tax_rate_bp,
  tax_basis_cents: orders.tax_basis_cents,
};

/** The next step of the product's Pending orders past `afterId`, by id. */
function pendingAfter(db: Executor, productId: number, afterId: number) {
  return db
    .select(pendingColumns)
    .from(orders)
    .where(and(eq(orders.product_id, productId), eq(orders.status, 'Pending'), gt(orders.id, afterId)))
    .orderBy(asc(orders.id))
    .limit(REPRICE_BATCH);
}

type Pending = Awaited<ReturnType<typeof pendingAfter>>[number];

/**
 * Whether newly priced rows are those stored: as JSON (no undefined fields), whatever the
 * order of their keys, which PostgreSQL's jsonb does not keep.
 */
const samePrice = (rows: unknown, stored: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(rows)), stored);

/** An order's price from `costs`; none when it would cost more than an order may. */
function priced(order: Pending, costs: CostSheet) {
  const price = priceOrder(storedAnswers(order.custom_fields), costs, order);
  return price.subtotal > MONEY_MAX_CENTS ? undefined : price;
}

/**
 * Refuses prices that would take one of the product's Pending orders past what an order may
 * cost, before anything is written: read step by step, locking nothing.
 */
export async function checkPendingPrices(db: Executor, productId: number, costs: CostSheet): Promise<void> {
  for await (const step of stepsById((afterId) => pendingAfter(db, productId, afterId), REPRICE_BATCH)) {
    for (const order of step) if (!priced(order, costs)) throw badRequest(costSheetTooLarge(order.id));
  }
}

/**
 * One step: the next Pending orders past `afterId`, locked, priced from the sheet as it
 * stands now (read under a share lock of the product, which a save of the sheet waits for),
 * so that a step run after a later save prices from that one, never from an older sheet.
 * An order that changed meanwhile so that the sheet would take it past the most an order may
 * cost keeps its price (its school's next save is refused with the reason). Answers the
 * orders it read, and whether each changed price.
 */
async function repriceStep(db: Database, productId: number, afterId: number, by: RepricedBy) {
  return db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('share');
    const [sheet] = await tx.select().from(cost_sheets).where(eq(cost_sheets.product_id, productId));
    const costs = toCostSheet(sheet);
    const step = await pendingAfter(tx, productId, afterId).for('update', { of: orders });
    const changed = step.flatMap((order) => {
      const price = priced(order, costs);
      if (!price) return [];
      if (samePrice(price.rows, order.custom_price) && price.total === order.total_cents) return [];
      return [
        {
          id: order.id,
          price: price.rows,
          subtotal: price.subtotal,
          tax: price.tax,
          has_tax: price.taxed.has_tax,
          tax_basis: price.taxed.tax_basis_cents,
          total: price.total,
          was: order.total_cents,
        },
      ];
    });
    if (changed.length > 0) {
      await tx.execute(sql`update ${orders} set
          custom_price = w.price, subtotal_cents = w.subtotal, tax_cents = w.tax, has_tax = w.has_tax,
          tax_basis_cents = w.tax_basis, total_cents = w.total, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as w(id int, price jsonb, subtotal int, tax int,
          has_tax boolean, tax_basis int, total int)
        where ${orders.id} = w.id and ${orders.status} = 'Pending'`);
      await recordChanges(
        tx,
        changed.map((order) => ({
          actorId: by.userId,
          action: 'reprice',
          entity: 'order' as const,
          entityId: order.id,
          before: { total_cents: order.was },
          after: { total_cents: order.total },
          ip: by.ip,
        })),
      );
    }
    const repriced = new Set(changed.map((order) => order.id));
    return step.map(({ id }) => ({ id, changed: repriced.has(id) }));
  });
}

/**
 * Prices the product's Pending orders again from its cost sheet as saved: a Pending draft
 * takes the new price (its form, list and quote show it), while an order already Reserved or
 * placed keeps the sheet it was given. Step by step (REPRICE_BATCH orders, each step its own
 * transaction), so that it may run again at any time and only reprices what still differs:
 * after a save, and once more from the job queue in case the server stopped half-way.
 * Answers how many orders changed price.
 */
export async function repricePendingOrders(db: Database, productId: number, by: RepricedBy): Promise<number> {
  let changed = 0;
  for await (const step of stepsById((afterId) => repriceStep(db, productId, afterId, by), REPRICE_BATCH)) {
    changed += step.filter((order) => order.changed).length;
  }
  return changed;
}
