import {
  CostSheetResponse,
  CostSheetsResponse,
  dollarsToCents,
  priceProblem,
} from '@portal/contracts/admin-cost-sheets';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_log, cost_sheets } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { insertCategory, insertProduct } from '../helpers/catalogue.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { productWithCostSheet, START_FIELDS, START_SHEET, saveCostSheet } from '../helpers/cost-sheets.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin, { first_name: 'Ada', last_name: 'Price' });
});

const sheetOf = async (productId: number) =>
  (await t.db.select().from(cost_sheets).where(eq(cost_sheets.product_id, productId)))[0];
const auditOf = (productId: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'cost-sheet'), eq(audit_log.entity_id, String(productId))))
    .orderBy(asc(audit_log.id));
const getSheet = (productId: number, token = admin.token) =>
  t.api.get(`/api/admin/cost-sheets/${productId}`, { headers: bearer(token) });

describe('cost sheets: administrators edit, sales reps read', () => {
  it('lets an administrator and a rep read, refuses a school and a sponsor (403) and anyone signed out (401)', async () => {
    const product = await productWithCostSheet(t);
    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    for (const [token, mayEdit] of [
      [admin.token, true],
      [rep.token, false],
    ] as const) {
      const list = await t.api.get(`/api/admin/cost-sheets?q=${encodeURIComponent(product.product_name)}`, {
        headers: bearer(token),
      });
      expect(list.statusCode, list.body).toBe(200);
      const one = await getSheet(product.id, token);
      expect(one.statusCode, one.body).toBe(200);
      expect(CostSheetResponse.parse(one.json()).may_edit).toBe(mayEdit);
    }
    for (const token of [(await signedInSchool(t)).token, (await signedInSponsor(t)).token]) {
      for (const res of [
        await t.api.get('/api/admin/cost-sheets', { headers: bearer(token) }),
        await getSheet(product.id, token),
        await saveCostSheet(t, token, product.id, { plannerPrice: '99.00' }),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
      }
    }
    expect((await t.api.get('/api/admin/cost-sheets')).statusCode).toBe(401);
    expect((await t.api.get(`/api/admin/cost-sheets/${product.id}`)).statusCode).toBe(401);
    expect(
      (await t.api.post(`/api/admin/cost-sheets/${product.id}`, { body: { ...START_FIELDS, plannerPrice: '99' } }))
        .statusCode,
    ).toBe(401);
    expect(await sheetOf(product.id)).toMatchObject(START_SHEET);
    expect(await auditOf(product.id)).toHaveLength(0);
  });

  it('refuses a sales rep’s save (403), changing nothing', async () => {
    const product = await productWithCostSheet(t);
    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    const res = await saveCostSheet(t, rep.token, product.id, { plannerPrice: '12.00' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
    expect(await sheetOf(product.id)).toMatchObject(START_SHEET);
    expect(await auditOf(product.id)).toHaveLength(0);
  });
});

describe('GET /api/admin/cost-sheets', () => {
  it('lists orderable products only, with their regular, planner and delivery prices', async () => {
    const product = await productWithCostSheet(t);
    const enquiryOnly = await insertProduct(t, (await insertCategory(t)).id, {
      type: 'inquery',
      product_name: `${product.product_name} enquiry`,
    });
    const res = await t.api.get(`/api/admin/cost-sheets?q=${encodeURIComponent(product.product_name)}`, {
      headers: bearer(admin.token),
    });
    const body = CostSheetsResponse.parse(res.json());
    expect(body.total).toBe(1);
    expect(body.sheets).toEqual([
      expect.objectContaining({
        product_id: product.id,
        product_name: product.product_name,
        regular_price_cents: 1000,
        planner_price_cents: 1000,
        delivery_price_cents: 75,
      }),
    ]);
    expect(body.sheets.map((s) => s.product_id)).not.toContain(enquiryOnly.id);

    const all = CostSheetsResponse.parse(
      (await t.api.get('/api/admin/cost-sheets?page=1', { headers: bearer(admin.token) })).json(),
    );
    expect(all.page_size).toBe(25);
    expect(all.total).toBeGreaterThan(25);
    expect(all.sheets).toHaveLength(25);
  });

  it('shows a product without a sheet yet with no prices, and answers 404 for an unknown or enquiry-only product', async () => {
    const bare = await productWithCostSheet(t, { sheet: false });
    const res = await t.api.get(`/api/admin/cost-sheets?q=${encodeURIComponent(bare.product_name)}`, {
      headers: bearer(admin.token),
    });
    expect(CostSheetsResponse.parse(res.json()).sheets[0]).toMatchObject({
      planner_price_cents: null,
      updated_at: null,
    });
    const one = CostSheetResponse.parse((await getSheet(bare.id)).json());
    expect(one).toMatchObject({ exists: false, version: '', pending_orders: 0, kept_orders: 0, history: [] });
    expect(Object.values(one.prices).every((p) => p === 0)).toBe(true);

    const unknown = await getSheet(2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: MSG.productNotFound });
    const enquiryOnly = await insertProduct(t, (await insertCategory(t)).id, { type: 'inquery' });
    for (const res of [
      await getSheet(enquiryOnly.id),
      await saveCostSheet(t, admin.token, enquiryOnly.id, { plannerPrice: '1.00' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: MSG.costSheetNotOrderable });
    }
    expect(await sheetOf(enquiryOnly.id)).toBeUndefined();
  });
});

describe('POST /api/admin/cost-sheets/:productId', () => {
  it('reads dollars as staff type or paste them, and keeps cents', async () => {
    const product = await productWithCostSheet(t);
    const res = await saveCostSheet(t, admin.token, product.id, {
      plannerPrice: '$1,250.50',
      custPagePrice: ' 0.3 ',
      vinylPrice: '.99',
      coverPrice_3: '2',
      deliveryPrice_1: '$ 30',
      carMagnetPrice_1000: 3.25 as unknown as string,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: MSG.costSheetSaved, repriced_orders: 0 });
    expect(await sheetOf(product.id)).toMatchObject({
      ...START_SHEET,
      planner_price: 125050,
      cust_page_price: 30,
      vinyl_price: 99,
      cover_price_3: 200,
      delivery_price_1: 3000,
      car_magnet_price_1000: 325,
    });
  });

  it('refuses negative, malformed, blank and absurd prices with a message under each field, writing nothing', async () => {
    const product = await productWithCostSheet(t);
    const res = await saveCostSheet(t, admin.token, product.id, {
      plannerPrice: '-5',
      custPagePrice: '',
      vinylPrice: '12.345',
      coverPrice_1: 'abc',
      coverPrice_2: '10000.01',
      coverPrice_3: '$1,25',
      deliveryPrice_1: '($5.00)',
      deliveryPrice_2: '1e5',
      carMagnetPrice_250: -1 as unknown as string,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({
      plannerPrice: MSG.costSheetPriceNegative,
      custPagePrice: MSG.costSheetPriceRequired,
      vinylPrice: MSG.costSheetPriceInvalid,
      coverPrice_1: MSG.costSheetPriceInvalid,
      coverPrice_2: MSG.costSheetPriceTooHigh,
      coverPrice_3: MSG.costSheetPriceInvalid,
      deliveryPrice_1: MSG.costSheetPriceNegative,
      deliveryPrice_2: MSG.costSheetPriceInvalid,
      carMagnetPrice_250: MSG.costSheetPriceNegative,
    });
    const missing = await t.api.post(`/api/admin/cost-sheets/${product.id}`, {
      body: { plannerPrice: '10.00' },
      headers: bearer(admin.token),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.vinylPrice).toBe(MSG.costSheetPriceInvalid);
    expect(await sheetOf(product.id)).toMatchObject(START_SHEET);
    expect(await auditOf(product.id)).toHaveLength(0);
  });

  it('takes $10,000.00 but not a cent more', () => {
    expect(dollarsToCents('10,000.00')).toBe(1_000_000);
    expect(priceProblem('10000')).toBeUndefined();
    expect(priceProblem('10000.01')).toBe(MSG.costSheetPriceTooHigh);
    expect(priceProblem('0')).toBeUndefined();
  });

  it('records who changed which price from what to what, shows it as the sheet’s history, and records nothing for no change', async () => {
    const product = await productWithCostSheet(t);
    const before = CostSheetResponse.parse((await getSheet(product.id)).json());
    const res = await saveCostSheet(t, admin.token, product.id, {
      plannerPrice: '12.50',
      deliveryPrice_2: '1.00',
      version: before.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await auditOf(product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: admin.user.id,
      action: 'update',
      changes: {
        before: { plannerPrice: 1000, deliveryPrice_2: 75 },
        after: { plannerPrice: 1250, deliveryPrice_2: 100 },
      },
    });

    const after = CostSheetResponse.parse((await getSheet(product.id)).json());
    expect(after.prices.plannerPrice).toBe(1250);
    expect(after.version).toBe(res.json().version);
    expect(after.version).not.toBe(before.version);
    expect(after.history).toEqual([
      expect.objectContaining({
        actor: 'Ada Price',
        action: 'update',
        entity: 'cost-sheet',
        entity_id: String(product.id),
        before: { plannerPrice: 1000, deliveryPrice_2: 75 },
        after: { plannerPrice: 1250, deliveryPrice_2: 100 },
      }),
    ]);

    const again = await saveCostSheet(t, admin.token, product.id, { plannerPrice: '12.5', deliveryPrice_2: '1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(after.version);
    expect(await auditOf(product.id)).toHaveLength(1);
  });

  it('creates the sheet of a product that has none, recording the prices set', async () => {
    const product = await productWithCostSheet(t, { sheet: false });
    const res = await saveCostSheet(t, admin.token, product.id, { version: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sheetOf(product.id)).toMatchObject(START_SHEET);
    const [row] = await auditOf(product.id);
    expect(row).toMatchObject({
      action: 'create',
      changes: { after: { plannerPrice: 1000, carMagnetPrice_1000: 38000 } },
    });
  });

  it('refuses a save over a change made meanwhile (409), keeping the other change', async () => {
    const product = await productWithCostSheet(t);
    const opened = CostSheetResponse.parse((await getSheet(product.id)).json());
    expect((await saveCostSheet(t, admin.token, product.id, { plannerPrice: '11.00' })).statusCode).toBe(200);
    const stale = await saveCostSheet(t, admin.token, product.id, {
      plannerPrice: '9.00',
      version: opened.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'error', message: MSG.costSheetChanged });
    expect((await sheetOf(product.id))?.planner_price).toBe(1100);
  });
});
