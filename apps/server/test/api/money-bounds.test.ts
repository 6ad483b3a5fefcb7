import { USER_TYPE } from '@portal/contracts/constants';
import { costSheetTooLarge, MSG } from '@portal/contracts/messages';
import { MONEY_MAX_CENTS } from '@portal/contracts/money';
import { TAX_RATE_MAX_BP } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cost_sheets, orders, sponsorships } from '../../src/db/schema/index.ts';
import { bearer, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { productWithCostSheet, START_SHEET, saveCostSheet, schoolOrderOf } from '../helpers/cost-sheets.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Money is kept in 32-bit integer cents. One order or sponsorship may cost at most
 * MONEY_MAX_CENTS before tax, which the server refuses to go past with a message, at the
 * bound exactly and beyond it, rather than letting a column overflow.
 */
const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin);
});

const INT4_MAX = 2_147_483_647;
const orderOf = async (orderKey: string) =>
  (await t.db.select().from(orders).where(eq(orders.order_key, orderKey)))[0] as typeof orders.$inferSelect;
const draft = (school: { token: string; orderKey: string }, fields: Record<string, string>) =>
  t.api.post('/api/updatetemporder', {
    body: { order_key: school.orderKey, draft: 1, ...fields },
    headers: bearer(school.token),
  });

it('leaves room within a 32-bit column for the most tax and for a total paid three times over', () => {
  expect(MONEY_MAX_CENTS * (1 + TAX_RATE_MAX_BP / 10_000) * 3).toBeLessThan(INT4_MAX);
});

describe('an order at the most one may cost', () => {
  it('saves an order of exactly $5,000,000.00, taxes it at the highest rate, and refuses a cent more', async () => {
    const product = await productWithCostSheet(t);
    const school = await schoolOrderOf(t, product.id);
    const atBound = MONEY_MAX_CENTS / START_SHEET.planner_price;

    const saved = await draft(school, { noprimary_planners: String(atBound) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await orderOf(school.orderKey)).toMatchObject({ subtotal_cents: MONEY_MAX_CENTS });
    const taxed = await t.api.post(`/api/admin/orders/${(await orderOf(school.orderKey)).id}/tax`, {
      body: { tax_rate_bp: TAX_RATE_MAX_BP },
      headers: bearer(admin.token),
    });
    expect(taxed.statusCode, taxed.body).toBe(200);
    expect(await orderOf(school.orderKey)).toMatchObject({ total_cents: MONEY_MAX_CENTS * 1.25 });

    const tooLarge: Record<string, string>[] = [
      { noprimary_planners: String(atBound + 1) },
      // The largest counts the form takes, each priced by the one before: refused, not overflowed.
      {
        noprimary_planners: '1000000',
        cust_pages: '1',
        nocust_pages: '1000000',
        vinyl_pockets: '1',
        novinyl_pockets: '1000000',
      },
    ];
    for (const fields of tooLarge) {
      const res = await draft(school, fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message: MSG.orderTooLarge });
    }
    expect(await orderOf(school.orderKey)).toMatchObject({
      subtotal_cents: MONEY_MAX_CENTS,
      custom_fields: { noprimary_planners: atBound },
    });
  });

  it('refuses a cost sheet that would take a Pending order past it, and changes neither', async () => {
    const product = await productWithCostSheet(t);
    const school = await schoolOrderOf(t, product.id);
    const atBound = MONEY_MAX_CENTS / START_SHEET.planner_price;
    expect((await draft(school, { noprimary_planners: String(atBound) })).statusCode).toBe(200);
    const order = await orderOf(school.orderKey);

    const res = await saveCostSheet(t, admin.token, product.id, { plannerPrice: '10.01' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message: costSheetTooLarge(order.id) });
    const [sheet] = await t.db.select().from(cost_sheets).where(eq(cost_sheets.product_id, product.id));
    expect(sheet?.planner_price).toBe(START_SHEET.planner_price);
    expect(await orderOf(school.orderKey)).toMatchObject({ subtotal_cents: MONEY_MAX_CENTS });

    // Cheaper prices reprice it as before.
    expect((await saveCostSheet(t, admin.token, product.id, { plannerPrice: '9.00' })).statusCode).toBe(200);
    expect((await orderOf(school.orderKey)).subtotal_cents).toBe(atBound * 900);
  });
});

describe('sums of many records at the most each may cost', () => {
  it('add up past what a 32-bit column holds, on the sponsors list, the money owed and the dashboard', async () => {
    const sponsor = await signedInSponsor(t, { business_name: `Bayfront Holdings ${Date.now()}` });
    for (let i = 0; i < 5; i++) await sponsorshipOf(t, sponsor.user.id, MONEY_MAX_CENTS);
    const owed = 5 * MONEY_MAX_CENTS;
    expect(owed).toBeGreaterThan(INT4_MAX);
    const list = await t.api.get(`/api/admin/sponsors?q=${encodeURIComponent('Bayfront Holdings')}`, {
      headers: bearer(admin.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().sponsors).toMatchObject([{ user_id: sponsor.user.id, owed_cents: owed }]);
    const report = await t.api.get('/api/admin/money-owed?kind=sponsorship', { headers: bearer(admin.token) });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totals.all).toBeGreaterThanOrEqual(owed);
    const dashboard = await t.api.get('/api/admin/dashboard', { headers: bearer(admin.token) });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().sponsors_owe_cents).toBeGreaterThanOrEqual(owed);
  });
});

describe('a sponsorship at the most one may cost', () => {
  it('creates one of exactly $5,000,000.00 and refuses a cent more, on creation and on editing its items', async () => {
    const sponsor = await signedInSponsor(t);
    const item = { sponsorship_type: 'Planner ad', qty: 100_000, rate: '50.00', artwork_price: '' };
    const create = (items: unknown[]) =>
      t.api.post('/api/admin/sponsorships', {
        body: { sponsor_id: sponsor.user.id, year: 2026, items },
        headers: bearer(admin.token),
      });

    const made = await create([item]);
    expect(made.statusCode, made.body).toBe(200);
    const [row] = await t.db.select().from(sponsorships).where(eq(sponsorships.sponsor_user_id, sponsor.user.id));
    expect(row?.total_cents).toBe(MONEY_MAX_CENTS);

    for (const items of [
      [{ ...item, artwork_price: '0.01' }],
      [{ sponsorship_type: 'Planner ad', qty: 100_000, rate: '999999999.99', artwork_price: '999999999.99' }],
    ]) {
      const refused = await create(items);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ status: 'error', message: MSG.sponsorshipTooLarge });
    }
    const edited = await t.api.post(`/api/admin/sponsorships/${row?.id}/items`, {
      body: { items: [item, { sponsorship_type: 'Bookmark', qty: 1, rate: '0.01', artwork_price: '' }] },
      headers: bearer(admin.token),
    });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json()).toMatchObject({ status: 'error', message: MSG.sponsorshipTooLarge });
    const rows = await t.db.select().from(sponsorships).where(eq(sponsorships.sponsor_user_id, sponsor.user.id));
    expect(rows.map((r) => r.total_cents)).toEqual([MONEY_MAX_CENTS]);
  });
});
