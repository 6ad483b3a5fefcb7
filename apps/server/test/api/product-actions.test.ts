import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, orders } from '../../src/db/schema/index.ts';
import { bearer, createStaffUser, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { createCatalogueApp, insertCategory, insertProduct, productIdOf } from '../helpers/catalogue.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let repId: number;
beforeAll(async () => {
  t = await createCatalogueApp();
  repId = (await createStaffUser(t, USER_TYPE.salesRep, { first_name: 'Rita', last_name: 'Delgado' })).user.id;
});
afterAll(() => t?.close());

/** 24 random bytes in base64url are 32 characters; anything shorter is guessable. */
const UNGUESSABLE_KEY = /^[A-Za-z0-9_-]{32,}$/;

const ordersOf = (schoolUserId: number) => t.db.select().from(orders).where(eq(orders.school_user_id, schoolUserId));
const enquiriesOf = (sponsorUserId: number) =>
  t.db.select().from(enquiries).where(eq(enquiries.sponsor_user_id, sponsorUserId));

describe('POST /api/addtocartv2', () => {
  const addToCart = (body: unknown, headers: Record<string, string> = {}, xsrfHeader?: string | null) =>
    t.api.post('/api/addtocartv2', { body, headers, xsrfHeader });

  it('answers 401 without a token', async () => {
    const res = await addToCart({ product_id: await productIdOf(t, 'primary-planner-galaxy') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MSG.unauthorized });
  });

  it('answers 403 to a sponsor: only schools reserve', async () => {
    const sponsor = await signedInSponsor(t);
    const res = await addToCart({ product_id: await productIdOf(t, 'primary-planner-galaxy') }, bearer(sponsor.token));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.schoolsOnly });
    expect(await t.db.select().from(orders).where(eq(orders.school_user_id, sponsor.user.id))).toEqual([]);
  });

  it('answers 403 without the anti-forgery header, and starts nothing', async () => {
    const school = await signedInSchool(t);
    const res = await addToCart(
      { product_id: await productIdOf(t, 'primary-planner-galaxy') },
      bearer(school.token),
      null,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.xsrf });
    expect(await ordersOf(school.user.id)).toEqual([]);
  });

  it('starts a Pending order of the product for the school and answers its unguessable key', async () => {
    const school = await signedInSchool(t);
    const productId = await productIdOf(t, 'primary-planner-galaxy');
    const res = await addToCart({ product_id: productId }, bearer(school.token));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'success', message: MSG.addedToOrder, order_key: expect.any(String) });
    expect(body.order_key).toMatch(UNGUESSABLE_KEY);
    expect(Buffer.from(body.order_key, 'base64url').length).toBeGreaterThanOrEqual(24);

    const rows = await ordersOf(school.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      order_key: body.order_key,
      school_user_id: school.user.id,
      product_id: productId,
      status: 'Pending',
      payment_status: 'unpaid',
    });
    // The readable order number is a sequence, not the key.
    expect(rows[0]!.id).toBeGreaterThan(0);
  });

  it('answers a new key each time', async () => {
    const school = await signedInSchool(t);
    const productId = await productIdOf(t, 'happy-car-dismissal-tag-green');
    const keys = new Set<string>();
    for (let i = 0; i < 3; i++)
      keys.add((await addToCart({ product_id: productId }, bearer(school.token))).json().order_key);
    expect(keys.size).toBe(3);
    expect(await ordersOf(school.user.id)).toHaveLength(3);
  });

  it('accepts a URL-encoded body with the spec’s token field', async () => {
    const school = await signedInSchool(t);
    const productId = await productIdOf(t, 'bus-rider-backpack-tag');
    const res = await t.api.post('/api/addtocartv2', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `product_id=${productId}&qty=1&token=${encodeURIComponent(school.token)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ordersOf(school.user.id)).toEqual([expect.objectContaining({ product_id: productId })]);
  });

  it('answers 400 for an enquiry-only product', async () => {
    const school = await signedInSchool(t);
    const res = await addToCart({ product_id: await productIdOf(t, 'teacher-lesson-planner') }, bearer(school.token));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MSG.notOrderable });
    expect(await ordersOf(school.user.id)).toEqual([]);
  });

  it('answers 404 for an unknown product and for a hidden one', async () => {
    const school = await signedInSchool(t);
    const category = await insertCategory(t);
    const hidden = await insertProduct(t, category.id, { status: 0 });
    for (const productId of [999999, hidden.id]) {
      const res = await addToCart({ product_id: productId }, bearer(school.token));
      expect(res.statusCode, String(productId)).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: MSG.productNotFound });
    }
    expect(await ordersOf(school.user.id)).toEqual([]);
  });

  it('answers 400 naming product_id when it is missing', async () => {
    const school = await signedInSchool(t);
    const res = await addToCart({}, bearer(school.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ product_id: expect.any(String) });
  });
});

describe('POST /api/addtoenquiry', () => {
  const addToEnquiry = (body: unknown, headers: Record<string, string> = {}) =>
    t.api.post('/api/addtoenquiry', { body, headers });

  it('answers 401 without a token', async () => {
    const res = await addToEnquiry({ product_id: await productIdOf(t, 'teacher-lesson-planner') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MSG.unauthorized });
  });

  it('answers 403 to a school: only sponsors enquire', async () => {
    const school = await signedInSchool(t);
    const res = await addToEnquiry(
      { product_id: await productIdOf(t, 'teacher-lesson-planner') },
      bearer(school.token),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.sponsorsOnly });
  });

  it('starts an enquiry for the sponsor and its sales rep, not yet submitted', async () => {
    const sponsor = await signedInSponsor(t, { business_name: 'Sunshine Dental Care', srep_id: repId });
    const productId = await productIdOf(t, 'teacher-lesson-planner');
    const res = await addToEnquiry({ product_id: productId, qty: 3 }, bearer(sponsor.token));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'success', message: MSG.enquiryStarted, enq_key: expect.any(String) });
    expect(body.enq_key).toMatch(UNGUESSABLE_KEY);

    expect(await enquiriesOf(sponsor.user.id)).toEqual([
      expect.objectContaining({
        enq_key: body.enq_key,
        sponsor_user_id: sponsor.user.id,
        product_id: productId,
        srep_id: repId,
        qty: 3,
        submitted_at: null,
      }),
    ]);
  });

  it('starts an enquiry of one item when no quantity is sent', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: repId });
    const productId = await productIdOf(t, 'homework-folder-sponsorship');
    expect((await addToEnquiry({ product_id: productId }, bearer(sponsor.token))).statusCode).toBe(200);
    expect(await enquiriesOf(sponsor.user.id)).toEqual([expect.objectContaining({ product_id: productId, qty: 1 })]);
  });

  it('leaves the sales rep empty for a sponsor that has none yet', async () => {
    const sponsor = await signedInSponsor(t);
    const productId = await productIdOf(t, 'backpack-tag-sponsorship');
    expect((await addToEnquiry({ product_id: productId }, bearer(sponsor.token))).statusCode).toBe(200);
    expect(await enquiriesOf(sponsor.user.id)).toEqual([expect.objectContaining({ srep_id: null })]);
  });

  it('answers 400 for an orderable product', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: repId });
    const res = await addToEnquiry(
      { product_id: await productIdOf(t, 'primary-planner-galaxy') },
      bearer(sponsor.token),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MSG.notEnquirable });
    expect(await enquiriesOf(sponsor.user.id)).toEqual([]);
  });

  it('answers 404 for an unknown product', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: repId });
    const res = await addToEnquiry({ product_id: 999999 }, bearer(sponsor.token));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MSG.productNotFound });
  });

  it('answers 400 naming qty when it is not a whole number of at least 1', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: repId });
    const productId = await productIdOf(t, 'teacher-lesson-planner');
    for (const qty of [0, 1.5, 'many']) {
      const res = await addToEnquiry({ product_id: productId, qty }, bearer(sponsor.token));
      expect(res.statusCode, String(qty)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['qty']);
    }
  });
});
