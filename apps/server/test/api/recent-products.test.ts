import { randomInt } from 'node:crypto';
import { ProductsResponse } from '@portal/contracts/catalogue';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product_visits, products } from '../../src/db/schema/index.ts';
import { DEMO_PRODUCTS } from '../../src/seed/demo-catalogue.ts';
import {
  bearer,
  CHOSEN_PASSWORD,
  createSchoolUser,
  signedInSchool,
  signedInSponsor,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createCatalogueApp, insertCategory, insertProduct, productIdOf } from '../helpers/catalogue.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp();
});
afterAll(() => t?.close());

let carts = 0;
/**
 * A cart id like the web app's (spec §9: a number 1 to 100, then the epoch seconds), with
 * a counter after it so that no two tests share one.
 */
function newCartId(): string {
  carts += 1;
  return `${randomInt(1, 101)}${Math.floor(Date.now() / 1000)}${carts}`;
}

async function visit(productId: number | string, cartId: string, headers: Record<string, string> = {}) {
  const res = await t.api.get(`/api/productvisited?item_id=${productId}&cart_id=${cartId}`, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function visitSlug(slug: string, cartId: string, headers: Record<string, string> = {}) {
  return visit(await productIdOf(t, slug), cartId, headers);
}

async function recent(query: string, headers: Record<string, string> = {}) {
  const res = await t.api.get(`/api/recentproduct${query}`, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return ProductsResponse.parse(res.json()).products.map((p) => p.product_slug);
}

const visitsOf = (productId: number) =>
  t.db.select().from(product_visits).where(eq(product_visits.product_id, productId)).orderBy(asc(product_visits.id));

describe('GET /api/productvisited', () => {
  it('records an anonymous visit with the cart id', async () => {
    const cartId = newCartId();
    const id = await productIdOf(t, 'elementary-planner-compass');
    const res = await visit(id, cartId);
    expect(res.json()).toEqual({ status: 'success', message: 'recorded' });
    const rows = await visitsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ product_id: id, cart_id: cartId, user_id: null });
    expect(Date.now() - rows[0]!.visited_at.getTime()).toBeLessThan(60_000);
  });

  it('records a signed-in visit with the user', async () => {
    const school = await signedInSchool(t);
    const id = await productIdOf(t, 'elementary-planner-mosaic');
    await visit(id, '', bearer(school.token));
    expect(await visitsOf(id)).toEqual([expect.objectContaining({ product_id: id, user_id: school.user.id })]);
  });

  it('accepts the spec’s variation_id and token fields', async () => {
    const sponsor = await signedInSponsor(t);
    const id = await productIdOf(t, 'elementary-planner-sunrise');
    const res = await t.api.get(
      `/api/productvisited?item_id=${id}&variation_id=&cart_id=&token=${encodeURIComponent(sponsor.token)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(await visitsOf(id)).toEqual([expect.objectContaining({ user_id: sponsor.user.id })]);
  });

  it('answers a visit to a product that does not exist without an error, and records nothing', async () => {
    const res = await t.api.get(`/api/productvisited?item_id=999999&cart_id=${newCartId()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
    expect(await visitsOf(999999)).toEqual([]);
  });

  it('records nothing for a visitor with neither a cart id nor a token', async () => {
    const id = await productIdOf(t, 'elementary-planner-watercolor');
    await visit(id, '');
    expect(await visitsOf(id)).toEqual([]);
  });

  it.each([
    ['item_id=abc', 'item_id must be a number'],
    ['item_id=1.5', 'item_id must be a whole number'],
    ['item_id=0', 'item_id must be at least 1'],
    ['', 'item_id is required'],
  ])('%j answers 400 naming item_id', async (query, message) => {
    const res = await t.api.get(`/api/productvisited?${query}&cart_id=${newCartId()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { item_id: message } });
  });
});

describe('GET /api/recentproduct', () => {
  it('lists a cart’s visited products newest first, each once, at most 8', async () => {
    const cartId = newCartId();
    const visited = DEMO_PRODUCTS.filter((p) => p.category === 'car-rider-dismissal-tags').slice(0, 10);
    for (const p of visited) await visitSlug(p.slug, cartId);
    // Visiting the first again makes it the most recent, without listing it twice.
    await visitSlug(visited[0]!.slug, cartId);
    await visitSlug(visited[0]!.slug, cartId);

    const slugs = await recent(`?cart_id=${cartId}`);
    expect(slugs).toEqual([
      visited[0]!.slug,
      ...visited
        .slice(1)
        .reverse()
        .slice(0, 7)
        .map((p) => p.slug),
    ]);
  });

  it('answers the cards a tile needs', async () => {
    const cartId = newCartId();
    await visitSlug('high-school-planner-compass', cartId);
    const res = await t.api.get(`/api/recentproduct?cart_id=${cartId}`);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'ok',
      products: [
        {
          product_id: await productIdOf(t, 'high-school-planner-compass'),
          product_slug: 'high-school-planner-compass',
          product_name: 'High School Planner — Compass',
          product_image: '/uploads/products/high-school-planner-compass-1.webp',
          product_image_srcset:
            '/uploads/products/high-school-planner-compass-1-card.webp 400w, /uploads/products/high-school-planner-compass-1.webp 800w',
          amount: '$4.25',
          type: 'order',
          login_req: 0,
        },
      ],
    });
  });

  it('shows another cart none of them', async () => {
    const mine = newCartId();
    await visitSlug('middle-school-planner-sunrise', mine);
    expect(await recent(`?cart_id=${mine}`)).toEqual(['middle-school-planner-sunrise']);
    expect(await recent(`?cart_id=${newCartId()}`)).toEqual([]);
  });

  it('lists a signed-in user’s visits by user, from any device, and not by the cart id they came with', async () => {
    const school = await signedInSchool(t);
    const cartId = newCartId();
    await visitSlug('primary-planner-sunrise', cartId, bearer(school.token));
    await visitSlug('primary-planner-mosaic', newCartId(), bearer(school.token));

    // Signed in on another device, with another cart id: the same list.
    expect(await recent(`?cart_id=${newCartId()}`, bearer(school.token))).toEqual([
      'primary-planner-mosaic',
      'primary-planner-sunrise',
    ]);
    expect(await recent('', bearer(school.token))).toEqual(['primary-planner-mosaic', 'primary-planner-sunrise']);
    // The anonymous visitor sharing the browser's cart id does not see the signed-in visits.
    expect(await recent(`?cart_id=${cartId}`)).toEqual([]);
    // Nor does another user.
    const other = await signedInSchool(t);
    expect(await recent(`?cart_id=${cartId}`, bearer(other.token))).toEqual([]);
  });

  it('gives a visitor with no cart id and no token an empty list', async () => {
    await visitSlug('primary-planner-compass', newCartId());
    expect(await recent('')).toEqual([]);
    expect(await recent('?cart_id=')).toEqual([]);
  });

  it('leaves out a product that staff have since hidden', async () => {
    const category = await insertCategory(t);
    const kept = await insertProduct(t, category.id);
    const hidden = await insertProduct(t, category.id);
    const cartId = newCartId();
    await visit(kept.id, cartId);
    await visit(hidden.id, cartId);
    expect(await recent(`?cart_id=${cartId}`)).toEqual([hidden.product_slug, kept.product_slug]);
    await t.db.update(products).set({ status: 0 }).where(eq(products.id, hidden.id));
    expect(await recent(`?cart_id=${cartId}`)).toEqual([kept.product_slug]);
  });
});

describe('signing in keeps what the visitor viewed', () => {
  const slugs = ['elementary-planner-compass', 'elementary-planner-mosaic', 'elementary-planner-sunrise'];

  it('POST /api/login makes the visitor’s history the account’s, newest first, without duplicates', async () => {
    const cartId = newCartId();
    for (const slug of slugs) await visitSlug(slug, cartId);
    const school = await createSchoolUser(t);
    const res = await t.api.post('/api/login', {
      body: { username: school.email, password: school.password, usertype: 4, cart_id: cartId },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().token as string;
    expect(await recent('', bearer(token))).toEqual([...slugs].reverse());
    // The anonymous list is now the account's, not left behind for whoever uses the browser next.
    expect(await recent(`?cart_id=${cartId}`)).toEqual([]);
  });

  it('POST /api/loginnewreg does the same for a new school', async () => {
    const cartId = newCartId();
    await visitSlug(slugs[0]!, cartId);
    const res = await t.api.post('/api/loginnewreg', {
      body: { email: uniqueEmail('history'), password: CHOSEN_PASSWORD, usertype: 4, cart_id: cartId },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await recent('', bearer(res.json().token))).toEqual([slugs[0]]);
  });

  it('leaves another account’s visits alone', async () => {
    const cartId = newCartId();
    const first = await signedInSchool(t);
    await visitSlug(slugs[1]!, cartId, bearer(first.token));
    const second = await createSchoolUser(t);
    const res = await t.api.post('/api/login', {
      body: { username: second.email, password: second.password, usertype: 4, cart_id: cartId },
      remoteAddress: uniqueIp(),
    });
    expect(await recent('', bearer(res.json().token))).toEqual([]);
    expect(await recent('', bearer(first.token))).toEqual([slugs[1]]);
  });
});
