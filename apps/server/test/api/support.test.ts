import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { FaqCatsResponse, FaqsResponse } from '@portal/contracts/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faq_categories, faqs } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { FAQ_CATEGORIES, FAQS } from '../../src/seed/faqs.ts';
import { bearer, createStaffUser, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const topics = async (token: string) => {
  const res = await t.api.get('/api/faqcats', { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return FaqCatsResponse.parse(res.json()).categories;
};
const answers = async (token: string, category: string) => {
  const res = await t.api.get(`/api/faqs?category=${category}`, { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return FaqsResponse.parse(res.json());
};

describe('GET /api/faqcats and /api/faqs', () => {
  it('offers schools and sponsors the four topics, in order', async () => {
    const expected = ['Account', 'Payment', 'Delivery', 'Product'];
    expect((await topics((await signedInSchool(t)).token)).map((c) => c.name)).toEqual(expected);
    expect((await topics((await signedInSponsor(t)).token)).map((c) => c.name)).toEqual(expected);
  });

  it('answers each kind of user with what is written for it and for both', async () => {
    const school = await signedInSchool(t);
    const sponsor = await signedInSponsor(t);
    for (const { slug } of FAQ_CATEGORIES) {
      const forSchools = FAQS.filter((f) => f.category === slug && f.audience !== 5).map((f) => f.question);
      const forSponsors = FAQS.filter((f) => f.category === slug && f.audience !== 4).map((f) => f.question);
      expect((await answers(school.token, slug)).faqs.map((f) => f.question)).toEqual(forSchools);
      expect((await answers(sponsor.token, slug)).faqs.map((f) => f.question)).toEqual(forSponsors);
    }
    const payment = await answers(sponsor.token, 'payment');
    expect(payment.category).toMatchObject({ name: 'Payment', slug: 'payment' });
    expect(payment.faqs.map((f) => f.question)).toContain('How do I pay for my sponsorships?');
    expect(payment.faqs.map((f) => f.question)).not.toContain('Which payment options can we choose?');
  });

  it('takes the topic by the id faqcats gives, as fc_id, the same as by its slug', async () => {
    const school = await signedInSchool(t);
    for (const topic of await topics(school.token)) {
      const res = await t.api.get(`/api/faqs?fc_id=${topic.id}`, { headers: bearer(school.token) });
      expect(res.statusCode, res.body).toBe(200);
      const byId = FaqsResponse.parse(res.json());
      expect(byId.category).toEqual(topic);
      expect(byId.faqs).toEqual((await answers(school.token, topic.slug)).faqs);
    }
    const unknown = await t.api.get('/api/faqs?fc_id=999999', { headers: bearer(school.token) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.faqCategoryNotFound);
    for (const bad of ['abc', '0', '1.5', '']) {
      const res = await t.api.get(`/api/faqs?fc_id=${bad}`, { headers: bearer(school.token) });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors.fc_id).toBe(MSG.faqCategoryRequired);
    }
  });

  it('writes its answers as HTML that carries only paragraphs and lists', async () => {
    const school = await signedInSchool(t);
    const { faqs: paymentFaqs } = await answers(school.token, 'payment');
    const options = paymentFaqs.find((f) => f.question === 'Which payment options can we choose?');
    expect(options?.answer).toMatch(/^<p>On the reservation form, under Payment:<\/p><ul><li>No Payment Required/);
    for (const faq of paymentFaqs) expect(faq.answer.replace(/<\/?(p|ul|li)>/g, '')).not.toMatch(/[<>]/);
  });

  it('does not add the answers again on the next start, nor over staff’s own', async () => {
    const before = await t.db.select().from(faqs);
    const { seedReferenceData } = await import('../../src/seed/seed.ts');
    await seedReferenceData(t.db);
    expect(await t.db.select().from(faqs)).toHaveLength(before.length);
    expect(await t.db.select().from(faq_categories)).toHaveLength(FAQ_CATEGORIES.length);
  });

  it('refuses an unknown topic, a missing one, and anyone not signed in as a school or a sponsor', async () => {
    const school = await signedInSchool(t);
    const unknown = await t.api.get('/api/faqs?category=refunds', { headers: bearer(school.token) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.faqCategoryNotFound);
    const missing = await t.api.get('/api/faqs', { headers: bearer(school.token) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.fc_id).toBe(MSG.faqCategoryRequired);
    expect((await t.api.get('/api/faqcats')).statusCode).toBe(401);
    const admin = await createStaffUser(t, USER_TYPE.admin);
    const staffToken = await createSession(t.db, { userId: admin.user.id, usertype: USER_TYPE.admin, remember: false });
    expect((await t.api.get('/api/faqcats', { headers: bearer(staffToken) })).statusCode).toBe(403);
    expect((await t.api.get('/api/faqs?category=payment')).statusCode).toBe(401);
  });
});
