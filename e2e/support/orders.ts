import { expect, type Page } from '@playwright/test';
import { callApi } from './accounts.ts';

/** An orderable demo product (D17) with a cost sheet. */
export const PLANNER = 'primary-planner-classic-blue';

/** Starts a reservation of the planner as the product page's Order Now does; returns its key. */
export async function startOrder(page: Page, token: string, slug = PLANNER): Promise<string> {
  const info = await (await page.request.get(`/api/productinfo?slug=${slug}`)).json();
  const { order_key } = await callApi<{ order_key: string }>(
    page,
    'addtocartv2',
    { product_id: info.product.product_id, qty: 1 },
    token,
  );
  return order_key;
}

/** The order as the reservation form opens it (temporder). */
export async function readOrder(page: Page, token: string, orderKey: string) {
  const response = await page.request.get(`/api/temporder?order_key=${orderKey}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as {
    order: { custom_fields: Record<string, unknown> };
    costs: Record<string, string>;
    rangeyear: string[];
  };
}

/** The order's cost sheet in cents, as the server prices it. */
export async function costsOf(page: Page, token: string, orderKey: string): Promise<Record<string, number>> {
  const { costs } = await readOrder(page, token, orderKey);
  return Object.fromEntries(Object.entries(costs).map(([k, v]) => [k, v === 'TBA' ? 0 : Math.round(Number(v) * 100)]));
}

/**
 * Saves the form through the API as the web form does: what was saved, with `values` over
 * it, for next school year. A draft unless `values` says otherwise.
 */
export async function saveOrderForm(page: Page, token: string, orderKey: string, values: Record<string, unknown>) {
  const form = await readOrder(page, token, orderKey);
  await callApi(
    page,
    'updatetemporder',
    { ...form.order.custom_fields, school_year: form.rangeyear.at(-1), draft: 1, ...values, order_key: orderKey },
    token,
  );
}

/**
 * A complete order of planners with no extras, picked up at the warehouse: what every
 * required section asks for, answered in the plainest way.
 */
export const plainPlannerOrder = (planners: number, payment: '1' | '2' | '3' | '4') => ({
  noprimary_planners: String(planners),
  cust_pages: '2',
  vinyl_pockets: '2',
  cover_optn: '1',
  delivery_optn: '1',
  ss_car_mag_add: '2',
  tax: '1',
  payment_method: payment,
  agreed: true,
});

/** Places a finalized order at checkout to be invoiced now, as the checkout page does: the server issues its invoice. */
export async function placeToInvoice(page: Page, token: string, orderKey: string) {
  await callApi(page, 'placeorder', { order_key: orderKey, payment_method: '1', tnc: '1' }, token);
}

/** Staff add (or change) the order's sales tax as an amount, on its back-office page, and confirm. */
export async function setTaxAmount(page: Page, dollars: string, action: 'Add tax' | 'Change tax' = 'Add tax') {
  if (action === 'Add tax') await page.getByRole('radiogroup', { name: 'Sales tax as' }).getByText('Amount').click();
  await page.getByLabel('Sales tax ($)').fill(dollars);
  await page.getByRole('button', { name: action }).click();
  await page.getByRole('dialog').getByRole('button', { name: action }).click();
}

export const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
