import { USER_TYPE } from '@portal/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cost_sheets, orders } from '../../src/db/schema/index.ts';
import { REPRICE_CHECK_SECONDS } from '../../src/modules/admin/cost-sheets/save-cost-sheet.ts';
import { QUEUES } from '../../src/modules/jobs/job-queue.ts';
import { REPRICE_BATCH, repricePendingOrders } from '../../src/modules/orders/reprice-pending-orders.ts';
import { signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { productWithCostSheet, START_SHEET, saveCostSheet, saveForm, schoolOrderOf } from '../helpers/cost-sheets.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * A product's Pending drafts are priced again after its cost sheet is saved, step by step,
 * each step its own transaction: a product with thousands of drafts never holds thousands
 * of row locks, and a school saving its form waits for one step at most.
 */
const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin);
});

/** A product with `count` Pending drafts of 100 planners at $10.00 (one saved through the form, the rest copies of it); their ids in order. */
async function productWithDrafts(count: number) {
  const product = await productWithCostSheet(t);
  const school = await schoolOrderOf(t, product.id);
  expect((await saveForm(t, school, { draft: 1, status: 'Pending' })).statusCode).toBe(200);
  const [first] = await t.db.select().from(orders).where(eq(orders.order_key, school.orderKey));
  if (!first) throw new Error('The draft was not saved');
  const { id: _id, order_key: _key, invoice_number: _number, ...copy } = first;
  for (let made = 1; made < count; made += REPRICE_BATCH) {
    const rows = Array.from({ length: Math.min(REPRICE_BATCH, count - made) }, (_, i) => ({
      ...copy,
      order_key: `${school.orderKey}-${made + i}`,
    }));
    await t.db.insert(orders).values(rows);
  }
  const ids = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.product_id, product.id), eq(orders.status, 'Pending')))
    .orderBy(orders.id);
  return { product, ids: ids.map((r) => r.id) };
}

const plannerPriceOf = async (id: number) => {
  const [order] = await t.db
    .select({ price: orders.custom_price, total: orders.total_cents })
    .from(orders)
    .where(eq(orders.id, id));
  return order?.price?.find((row) => row.name === 'Planners')?.unit_price;
};

describe('a cost sheet saved over many Pending drafts', () => {
  it('reprices them step by step, each step committed before the next, however many there are', async () => {
    const { product, ids } = await productWithDrafts(2 * REPRICE_BATCH + 2);
    const firstId = ids[0] as number;
    const lastId = ids[ids.length - 1] as number;
    // Another transaction holds the last draft (a school saving its form, say).
    const holder = await t.owner.$client.connect();
    let saved: Awaited<ReturnType<typeof saveCostSheet>> | undefined;
    try {
      await holder.query('begin');
      await holder.query('select id from orders where id = $1 for update', [lastId]);
      const saving = saveCostSheet(t, admin.token, product.id, { plannerPrice: '12.00' }).then((res) => {
        saved = res;
        return res;
      });
      // The first step is committed, and read by others, while the last waits for that draft.
      while ((await plannerPriceOf(firstId)) !== 1200) {
        if (saved) throw new Error(`The save ended before its first step was seen: ${saved.body}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await plannerPriceOf(lastId)).toBe(1000);
      expect(saved).toBeUndefined();
      await holder.query('commit');
      const res = await saving;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().repriced_orders).toBe(ids.length);
    } finally {
      await holder.query('rollback').catch(() => {});
      holder.release();
    }
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.product_id, product.id), sql`${orders.total_cents} <> 122_500`));
    expect(left?.n).toBe(0);
    // Each repriced draft has it in its history once.
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'order' and action = 'reprice'
            and entity_id::int between ${firstId} and ${lastId}`,
    );
    expect(rows[0]?.n).toBe(ids.length);
  });

  it('ends with every draft priced from the sheet that was saved last, when two saves cross', async () => {
    const { product, ids } = await productWithDrafts(REPRICE_BATCH + 5);
    const [a, b] = await Promise.all([
      saveCostSheet(t, admin.token, product.id, { plannerPrice: '11.00' }),
      saveCostSheet(t, admin.token, product.id, { plannerPrice: '13.00' }),
    ]);
    expect(a?.statusCode, a?.body).toBe(200);
    expect(b?.statusCode, b?.body).toBe(200);
    const [sheet] = await t.db.select().from(cost_sheets).where(eq(cost_sheets.product_id, product.id));
    const { rows } = await t.db.execute<{ price: number; n: number }>(
      sql`select (row->>'unit_price')::int as price, count(*)::int as n
            from orders, jsonb_array_elements(custom_price) row
           where product_id = ${product.id} and row->>'name' = 'Planners' group by 1`,
    );
    expect(rows).toEqual([{ price: sheet?.planner_price, n: ids.length }]);
  });

  it('queues a second pass a minute later, which reprices only what was left at the old price', async () => {
    const { product, ids } = await productWithDrafts(3);
    const before = new Date();
    const res = await saveCostSheet(t, admin.token, product.id, { plannerPrice: '12.00' });
    expect(res.statusCode, res.body).toBe(200);
    const { rows: jobs } = await t.owner.execute<{ data: unknown; wait: number }>(
      sql`select data, extract(epoch from start_after - ${before.toISOString()}::timestamptz)::float8 as wait
            from pgboss.job where name = ${QUEUES.orderRepricing} and data->>'productId' = ${String(product.id)}`,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.data).toMatchObject({ productId: product.id, userId: admin.user.id });
    expect(jobs[0]?.wait).toBeGreaterThanOrEqual(REPRICE_CHECK_SECONDS - 1);

    // A server that stopped half-way would have left a draft at its old price: the pass finds it, and only it.
    const leftId = ids[1] as number;
    await t.db.execute(
      sql`update orders set total_cents = 102500, custom_price = (select jsonb_agg(case when r->>'name' = 'Planners'
            then r || jsonb_build_object('unit_price', ${START_SHEET.planner_price}::int, 'amount', 100 * ${START_SHEET.planner_price}::int) else r end)
            from jsonb_array_elements(custom_price) r) where id = ${leftId}`,
    );
    expect(await plannerPriceOf(leftId)).toBe(1000);
    expect(await repricePendingOrders(t.db, product.id, { userId: admin.user.id })).toBe(1);
    expect(await plannerPriceOf(leftId)).toBe(1200);
    expect(await repricePendingOrders(t.db, product.id, { userId: admin.user.id })).toBe(0);
  });

  it('leaves alone, and out of their history, drafts whose price the change does not touch', async () => {
    const { product } = await productWithDrafts(3);
    // The drafts have no car magnets.
    const res = await saveCostSheet(t, admin.token, product.id, { carMagnetPrice_250: '125.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().repriced_orders).toBe(0);
  });

  it('sends no second pass for a save that changes nothing', async () => {
    const { product } = await productWithDrafts(1);
    expect((await saveCostSheet(t, admin.token, product.id, {})).statusCode).toBe(200);
    const { rows } = await t.owner.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.orderRepricing} and data->>'productId' = ${String(product.id)}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
