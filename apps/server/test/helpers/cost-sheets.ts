import type { TCostSheetFields, TSaveCostSheetBody } from '@portal/contracts/admin-cost-sheets';
import type { TUpdateTempOrderBody } from '@portal/contracts/orders';
import { expect } from 'vitest';
import { cost_sheets } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool } from './accounts.ts';
import { insertCategory, insertProduct } from './catalogue.ts';
import { completeOrderForm } from './orders.ts';
import type { TestApp } from './test-app.ts';

/** Fixtures for the cost sheet tests: a product of their own, with a sheet they may change. */

/** The sheet a test product starts with, in cents. */
export const START_SHEET = {
  planner_price: 1000,
  cust_page_price: 25,
  vinyl_price: 40,
  cover_price_1: 0,
  cover_price_2: 50,
  cover_price_3: 150,
  delivery_price_1: 2500,
  delivery_price_2: 75,
  delivery_price_3: 0,
  car_magnet_price_250: 12000,
  car_magnet_price_500: 21000,
  car_magnet_price_1000: 38000,
};

/** The same prices as the edit form sends them, in dollars. */
export const START_FIELDS: TCostSheetFields = {
  plannerPrice: '10.00',
  custPagePrice: '0.25',
  vinylPrice: '0.40',
  coverPrice_1: '0.00',
  coverPrice_2: '0.50',
  coverPrice_3: '1.50',
  deliveryPrice_1: '25.00',
  deliveryPrice_2: '0.75',
  deliveryPrice_3: '0.00',
  carMagnetPrice_250: '120.00',
  carMagnetPrice_500: '210.00',
  carMagnetPrice_1000: '380.00',
};

/** An orderable product of its own with the START_SHEET cost sheet (or none). */
export async function productWithCostSheet(t: TestApp, { sheet = true } = {}) {
  const category = await insertCategory(t);
  const product = await insertProduct(t, category.id, { price_cents: 1000 });
  if (sheet) await t.db.insert(cost_sheets).values({ product_id: product.id, ...START_SHEET });
  return product;
}

/** Saves the product's cost sheet as an administrator, through the back office. */
export async function saveCostSheet(t: TestApp, token: string, productId: number, fields: Partial<TSaveCostSheetBody>) {
  return t.api.post(`/api/admin/cost-sheets/${productId}`, {
    body: { ...START_FIELDS, ...fields },
    headers: bearer(token),
  });
}

/** A signed-in school with a new Pending order of the product, as the product page's Order Now makes it. */
export async function schoolOrderOf(t: TestApp, productId: number) {
  const school = await signedInSchool(t);
  const res = await t.api.post('/api/addtocartv2', { body: { product_id: productId }, headers: bearer(school.token) });
  expect(res.statusCode, res.body).toBe(200);
  return { ...school, orderKey: res.json().order_key as string };
}

/** Saves the school's form: 100 planners picked up, exempt from tax, reserved without paying now, unless told otherwise. */
export async function saveForm(
  t: TestApp,
  school: { token: string; orderKey: string },
  extra: Partial<TUpdateTempOrderBody> = {},
) {
  return t.api.post('/api/updatetemporder', {
    body: completeOrderForm(school.orderKey, { noprimary_planners: '100', ...extra }, t.ctx.clock()),
    headers: bearer(school.token),
  });
}
