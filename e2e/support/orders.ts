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

/** The order's cost sheet in cents, as the server prices it. */
export async function costsOf(page: Page, token: string, orderKey: string): Promise<Record<string, number>> {
  const response = await page.request.get(`/api/temporder?order_key=${orderKey}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { costs } = (await response.json()) as { costs: Record<string, string> };
  return Object.fromEntries(Object.entries(costs).map(([k, v]) => [k, v === 'TBA' ? 0 : Math.round(Number(v) * 100)]));
}

export const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
