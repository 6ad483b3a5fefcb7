import { USER_TYPE } from '@portal/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_log, orders } from '../../src/db/schema/index.ts';
import { bearer, signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { productWithCostSheet, START_SHEET, saveCostSheet, saveForm, schoolOrderOf } from '../helpers/cost-sheets.ts';
import { issueOrderInvoice, storedOrder } from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin);
});

type School = Awaited<ReturnType<typeof schoolOrderOf>>;

const openForm = async (school: School) => {
  const res = await t.api.get(`/api/temporder?order_key=${school.orderKey}`, { headers: bearer(school.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    costs: Record<string, string>;
    order: { custom_price: { name: string; qty: number; unit_price: string; amount: string }[]; total_amount: string };
  };
};
const rowIn = (rows: { name: string }[], name: string) => rows.find((r) => r.name === name);

/** A draft save, as the form makes on every pause in typing: the live price. */
const livePrice = async (school: School, planners: string) => {
  const res = await saveForm(t, school, { draft: 1, status: 'Pending', noprimary_planners: planners });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { custom_price: { name: string; unit_price: string; amount: string }[]; total_amount: string };
};

const documentText = async (school: School, type: 'invoice' | 'quote') => {
  if (type === 'invoice') await issueOrderInvoice(t, school.orderKey, '2026-11-24');
  const res = await t.api.get(`/api/orderinvoice?order_key=${school.orderKey}&type=${type}&date=2026-11-24`, {
    headers: bearer(school.token),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return pdfText(res.rawPayload);
};
const rowOf = (text: string[], first: string, cells: number) =>
  text.slice(text.indexOf(first), text.indexOf(first) + cells);

/** A product at $10.00 a planner and $25.00 pickup; a school's Pending draft of 100 planners and another's reservation of 100. */
async function pricedOrders() {
  const product = await productWithCostSheet(t);
  const draft = await schoolOrderOf(t, product.id);
  const reserved = await schoolOrderOf(t, product.id);
  expect((await saveForm(t, draft, { draft: 1, status: 'Pending' })).statusCode).toBe(200);
  expect((await saveForm(t, reserved)).statusCode).toBe(200);
  expect((await storedOrder(t, reserved.orderKey)).status).toBe('Reserved');
  return { product, draft, reserved };
}

describe('an order keeps the prices it was given', () => {
  it('keeps the cost sheet on the order when it leaves Pending, and none while it is Pending', async () => {
    const { draft, reserved } = await pricedOrders();
    expect((await storedOrder(t, draft.orderKey)).cost_sheet).toBeNull();
    expect((await storedOrder(t, reserved.orderKey)).cost_sheet).toEqual(START_SHEET);
  });

  it('prices a Pending draft from the new sheet at once, and a Reserved order from its own (form, live price, save, invoice)', async () => {
    const { product, draft, reserved } = await pricedOrders();
    // 100 planners at $10.00 and pickup at $25.00.
    expect((await storedOrder(t, reserved.orderKey)).total_cents).toBe(102_500);

    const res = await saveCostSheet(t, admin.token, product.id, { plannerPrice: '12.50', deliveryPrice_1: '30.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().repriced_orders).toBe(1);

    // The Pending draft: repriced in the same change, and so are its form and live prices.
    const pending = await storedOrder(t, draft.orderKey);
    expect(rowIn(pending.custom_price, 'Planners')).toEqual({
      name: 'Planners',
      qty: 100,
      unit_price: 1250,
      amount: 125_000,
    });
    expect(pending.total_cents).toBe(128_000);
    // Its history says so, as the change of the staff member who saved the sheet; the
    // reserved order's has no such line.
    const repricings = (id: number) =>
      t.db
        .select({ actor: audit_log.actor_user_id, changes: audit_log.changes })
        .from(audit_log)
        .where(
          and(eq(audit_log.entity, 'order'), eq(audit_log.entity_id, String(id)), eq(audit_log.action, 'reprice')),
        );
    expect(await repricings(pending.id)).toEqual([
      {
        actor: admin.user.id,
        changes: { before: { total_cents: 102_500 }, after: { total_cents: 128_000 } },
      },
    ]);
    expect(await repricings((await storedOrder(t, reserved.orderKey)).id)).toEqual([]);
    const draftForm = await openForm(draft);
    expect(draftForm.costs.plannerPrice).toBe('12.50');
    expect(draftForm.costs.deliveryPrice_1).toBe('30.00');
    expect(draftForm.order.total_amount).toBe('1280.00');
    const draftLive = await livePrice(draft, '10');
    expect(rowIn(draftLive.custom_price, 'Planners')).toMatchObject({ unit_price: '12.50', amount: '125.00' });
    expect(draftLive.total_amount).toBe('155.00');

    // The Reserved order: untouched, its form shows its own prices, and so do its previews and its saves.
    const kept = await storedOrder(t, reserved.orderKey);
    expect(kept.total_cents).toBe(102_500);
    expect(rowIn(kept.custom_price, 'Planners')).toMatchObject({ unit_price: 1000, amount: 100_000 });
    const reservedForm = await openForm(reserved);
    expect(reservedForm.costs.plannerPrice).toBe('10.00');
    expect(reservedForm.costs.deliveryPrice_1).toBe('25.00');
    expect(reservedForm.order.total_amount).toBe('1025.00');
    const preview = await livePrice(reserved, '120');
    expect(rowIn(preview.custom_price, 'Planners')).toMatchObject({ unit_price: '10.00', amount: '1200.00' });
    expect(preview.total_amount).toBe('1225.00');

    const saved = await saveForm(t, reserved, { noprimary_planners: '120' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().total_amount).toBe('1225.00');
    const updated = await storedOrder(t, reserved.orderKey);
    expect(updated.status).toBe('Reserved');
    expect(updated.total_cents).toBe(122_500);
    expect(updated.cost_sheet).toEqual(START_SHEET);

    const invoice = await documentText(reserved, 'invoice');
    expect(rowOf(invoice, 'Planners', 4)).toEqual(['Planners', '120', '$10.00', '$1,200.00']);
    expect(rowOf(invoice, 'Total', 2)).toEqual(['Total', '$1,225.00']);
    const quote = await documentText(draft, 'quote');
    expect(rowOf(quote, 'Planners', 4)).toEqual(['Planners', '10', '$12.50', '$125.00']);
  });

  it('gives a new order the new prices, and keeps them when it is reserved', async () => {
    const { product } = await pricedOrders();
    expect((await saveCostSheet(t, admin.token, product.id, { plannerPrice: '12.50' })).statusCode).toBe(200);
    const school = await schoolOrderOf(t, product.id);
    expect((await openForm(school)).costs.plannerPrice).toBe('12.50');
    const res = await saveForm(t, school);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total_amount).toBe('1275.00');
    const order = await storedOrder(t, school.orderKey);
    expect(order.cost_sheet).toEqual({ ...START_SHEET, planner_price: 1250 });

    expect((await saveCostSheet(t, admin.token, product.id, { plannerPrice: '15.00' })).statusCode).toBe(200);
    expect((await openForm(school)).costs.plannerPrice).toBe('12.50');
    const invoice = await documentText(school, 'invoice');
    expect(rowOf(invoice, 'Planners', 4)).toEqual(['Planners', '100', '$12.50', '$1,250.00']);
  });

  it('keeps the sheet of an order that leaves Pending another way than the form (staff, imports)', async () => {
    const { product, draft } = await pricedOrders();
    await t.db.update(orders).set({ status: 'Reserved' }).where(eq(orders.order_key, draft.orderKey));
    expect((await storedOrder(t, draft.orderKey)).cost_sheet).toEqual(START_SHEET);
    expect((await saveCostSheet(t, admin.token, product.id, { plannerPrice: '20.00' })).statusCode).toBe(200);
    expect((await openForm(draft)).costs.plannerPrice).toBe('10.00');
  });
});
