import {
  AdminContentPageResponse,
  AdminContentPagesResponse,
  AdminFaqsResponse,
  AdminFaqTopicsResponse,
  AdminSettingsResponse,
  AdminTestimonialResponse,
  AdminTestimonialsResponse,
} from '@portal/contracts/admin-content';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audit_log,
  content_pages,
  faq_categories,
  faqs,
  site_settings,
  testimonials,
} from '../../src/db/schema/index.ts';
import { bearer, signedInSchool, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let rep: Awaited<ReturnType<typeof signedInStaff>>;
let school: Awaited<ReturnType<typeof signedInSchool>>;
let sponsor: Awaited<ReturnType<typeof signedInSponsor>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, USER_TYPE.admin, { first_name: 'Ada', last_name: 'Admin' });
  rep = await signedInStaff(t, USER_TYPE.salesRep);
  school = await signedInSchool(t);
  sponsor = await signedInSponsor(t);
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.api.get(url, token ? { headers: bearer(token) } : {});
const post = (url: string, body: unknown, token?: string) =>
  t.api.post(url, { body, ...(token ? { headers: bearer(token) } : {}) });

const XSS = '<p>Hello <strong>there</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">';
const XSS_CLEAN = '<p>Hello <strong>there</strong></p>';

const pageFields = (overrides: Record<string, unknown> = {}) => ({
  seo_title: 'About the program | School Planner Savings',
  seo_description: 'How sponsors and schools work together.',
  image_url: '/images/social/about.png',
  image_width: 600,
  image_height: 600,
  body_html: '<p>Our story.</p>',
  ...overrides,
});

const testimonialFields = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pat Principal',
  address: 'Lincoln Elementary, Tampa',
  note: '<p>The planners kept our students organized all year.</p>',
  published: true,
  ...overrides,
});

const settingsFields = (overrides: Record<string, unknown> = {}) => ({
  provider_name: 'School Planner Savings',
  support_email: 'support@schoolplannersavings.com',
  support_phone: '(813) 555-0142',
  postal_address: '4805 W Laurel St, Suite 200, Tampa, FL 33607',
  fundraising_url: 'https://fundraising.schoolplannersavings.com/',
  fundraising_label: 'School Fundraising',
  partner_url: 'https://www.floridaschoolpartners.org/',
  promo_video_url: '/media/promo.mp4',
  cancel_cutoff: '05-01',
  sales_tax_note: 'Sales tax will be added to your order later by our team.',
  ...overrides,
});

function auditOf(entity: string, entityId: number | string) {
  return t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, entity), eq(audit_log.entity_id, String(entityId))))
    .orderBy(asc(audit_log.id));
}

const publicTestimonials = async (): Promise<{ name: string; note: string }[]> =>
  (await get('/api/testimonials')).json().testimonials;

async function newTopic(name: string) {
  const res = await post('/api/admin/faq-categories', { name, description: 'A test topic' }, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function newFaq(categoryId: number, question: string, answer = '<p>An answer.</p>') {
  const res = await post('/api/admin/faqs', { category_id: categoryId, question, answer }, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('the role matrix', () => {
  it('refuses a sales rep, a school and a sponsor (403) and anyone signed out (401) on every content call', async () => {
    const [page] = await t.db.select().from(content_pages).where(eq(content_pages.id, 2));
    const [testimonial] = await t.db.insert(testimonials).values({ name: 'Kept', note: '<p>Kept</p>' }).returning();
    const [topic] = await t.db.select().from(faq_categories).limit(1);
    const [faq] = await t.db.select().from(faqs).limit(1);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/pages'],
      ['GET', '/api/admin/pages/2'],
      ['POST', '/api/admin/pages/2', pageFields({ seo_title: 'Hacked' })],
      ['GET', '/api/admin/testimonials'],
      ['POST', '/api/admin/testimonials', testimonialFields()],
      ['POST', '/api/admin/testimonials/order', { ids: [testimonial?.id] }],
      ['GET', `/api/admin/testimonials/${testimonial?.id}`],
      ['POST', `/api/admin/testimonials/${testimonial?.id}`, testimonialFields({ name: 'Hacked' })],
      ['POST', `/api/admin/testimonials/${testimonial?.id}/delete`, {}],
      ['GET', '/api/admin/faq-categories'],
      ['POST', '/api/admin/faq-categories', { name: 'Hacked' }],
      ['POST', '/api/admin/faq-categories/order', { ids: [topic?.id] }],
      ['GET', `/api/admin/faq-categories/${topic?.id}`],
      ['POST', `/api/admin/faq-categories/${topic?.id}`, { name: 'Hacked' }],
      ['POST', `/api/admin/faq-categories/${topic?.id}/delete`, {}],
      ['GET', '/api/admin/faqs'],
      ['POST', '/api/admin/faqs', { category_id: topic?.id, question: 'Hacked?', answer: '<p>x</p>' }],
      ['POST', '/api/admin/faqs/order', { category_id: topic?.id, ids: [faq?.id] }],
      ['GET', `/api/admin/faqs/${faq?.id}`],
      ['POST', `/api/admin/faqs/${faq?.id}`, { category_id: topic?.id, question: 'Hacked?', answer: '<p>x</p>' }],
      ['POST', `/api/admin/faqs/${faq?.id}/delete`, {}],
      ['GET', '/api/admin/settings'],
      ['POST', '/api/admin/settings', settingsFields({ support_phone: '8135550000' })],
    ];
    for (const [method, url, body] of calls) {
      const signedOut = method === 'GET' ? await get(url) : await post(url, body);
      expect(signedOut.statusCode, `${method} ${url} signed out`).toBe(401);
      for (const token of [rep.token, school.token, sponsor.token]) {
        const res = method === 'GET' ? await get(url, token) : await post(url, body, token);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(MSG.forbidden);
      }
    }
    // A rep's malformed request is refused for who sent it, before its fields are read.
    const malformed = await post('/api/admin/settings', { support_phone: 'x' }, rep.token);
    expect(malformed.statusCode).toBe(403);
    expect(malformed.json()).toEqual({ status: 'error', message: MSG.forbidden });
    // Nothing was written by anyone refused.
    const [pageAfter] = await t.db.select().from(content_pages).where(eq(content_pages.id, 2));
    expect(pageAfter?.seo_title).toBe(page?.seo_title);
    expect(
      (
        await t.db
          .select()
          .from(testimonials)
          .where(eq(testimonials.id, testimonial?.id ?? 0))
      )[0]?.name,
    ).toBe('Kept');
    expect((await t.db.select().from(faq_categories).where(eq(faq_categories.name, 'Hacked'))).length).toBe(0);
    expect((await t.db.select().from(faqs).where(eq(faqs.question, 'Hacked?'))).length).toBe(0);
    const [phone] = await t.db.select().from(site_settings).where(eq(site_settings.key, 'support_phone'));
    expect(phone?.value).toBe('(813) 555-0142');
    const written = await t.db.select({ entity: audit_log.entity }).from(audit_log);
    expect(
      written.filter((row) => ['content-page', 'testimonial', 'faq', 'faq-category', 'setting'].includes(row.entity)),
    ).toEqual([]);
    await t.db.delete(testimonials).where(eq(testimonials.id, testimonial?.id ?? 0));
  });
});

describe('content pages', () => {
  it('lists the twelve pages, and says which show a body', async () => {
    const res = await get('/api/admin/pages', admin.token);
    expect(res.statusCode).toBe(200);
    const { pages } = AdminContentPagesResponse.parse(res.json());
    expect(pages.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pages.filter((p) => p.shows_body).map((p) => p.id)).toEqual([2, 4, 5]);
    expect(pages.find((p) => p.id === 2)).toMatchObject({ name: 'About', slug: 'about', has_body: false });
  });

  it('saves a body without its script or event handler: not in the database, not on the public page', async () => {
    const res = await post(
      '/api/admin/pages/2',
      pageFields({ seo_title: 'Our story | School Planner Savings', body_html: XSS }),
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.contentPageSaved });

    const [row] = await t.db.select().from(content_pages).where(eq(content_pages.id, 2));
    expect(row?.body_html).toBe(XSS_CLEAN);
    expect(row?.body_html).not.toMatch(/script|onerror|<img/i);

    // The public answer and the page's head were cached before: the edit drops them at once.
    const page = (await get('/api/page?page_id=2')).json();
    expect(page.body_html).toBe(XSS_CLEAN);
    expect(page.seo_title).toBe('Our story | School Planner Savings');
    const html = (await get('/about')).body;
    expect(html).toContain('<title>Our story | School Planner Savings</title>');
    expect(html).not.toContain('alert(');

    const audit = await auditOf('content-page', 2);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: admin.user.id, action: 'update' });
    expect((audit[0]?.changes as { after?: Record<string, unknown> } | undefined)?.after).toEqual({
      seo_title: 'Our story | School Planner Savings',
      seo_description: 'How sponsors and schools work together.',
      body_html: XSS_CLEAN,
    });

    const detail = AdminContentPageResponse.parse((await get('/api/admin/pages/2', admin.token)).json());
    expect(detail.page.body_html).toBe(XSS_CLEAN);
    expect(detail.page.has_body).toBe(true);
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({ actor: 'Ada Admin', action: 'update', entity: 'content-page' });
  });

  it('refuses a save from a tab opened before another save, and keeps the other save', async () => {
    const opened = AdminContentPageResponse.parse((await get('/api/admin/pages/5', admin.token)).json()).page;
    const first = await post(
      '/api/admin/pages/5',
      pageFields({ seo_title: 'Saved first', version: opened.updated_at }),
      admin.token,
    );
    expect(first.statusCode, first.body).toBe(200);
    const stale = await post(
      '/api/admin/pages/5',
      pageFields({ seo_title: 'Saved from the older tab', version: opened.updated_at }),
      admin.token,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: 'error', message: MSG.contentPageChanged });
    const now = AdminContentPageResponse.parse((await get('/api/admin/pages/5', admin.token)).json()).page;
    expect(now.seo_title).toBe('Saved first');
    expect(await auditOf('content-page', 5)).toHaveLength(1);
  });

  it('refuses bad fields with their messages and writes nothing', async () => {
    const res = await post(
      '/api/admin/pages/3',
      pageFields({ seo_title: '  ', seo_description: '', image_url: 'javascript:alert(1)', image_width: 0 }),
      admin.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      seo_title: MSG.contentTitleRequired,
      seo_description: MSG.contentDescriptionRequired,
      image_url: MSG.contentImageInvalid,
      image_width: MSG.contentImageSizeInvalid,
    });
    expect(await auditOf('content-page', 3)).toEqual([]);
    expect((await post('/api/admin/pages/99', pageFields(), admin.token)).statusCode).toBe(404);
    expect((await get('/api/admin/pages/99', admin.token)).statusCode).toBe(404);
  });
});

describe('testimonials', () => {
  it('adds one (sanitised) at the end, hides it, shows it again, and the home page follows each change', async () => {
    const before = await publicTestimonials();
    const res = await post('/api/admin/testimonials', testimonialFields({ note: XSS }), admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.testimonialCreated);
    const id = res.json().id as number;
    const [row] = await t.db.select().from(testimonials).where(eq(testimonials.id, id));
    expect(row?.note).toBe(XSS_CLEAN);
    expect((await publicTestimonials()).at(-1)).toEqual({
      name: 'Pat Principal',
      address: 'Lincoln Elementary, Tampa',
      note: XSS_CLEAN,
    });

    const hide = await post(`/api/admin/testimonials/${id}`, testimonialFields({ published: false }), admin.token);
    expect(hide.json().message).toBe(MSG.testimonialSaved);
    expect(await publicTestimonials()).toEqual(before);
    const listed = AdminTestimonialsResponse.parse((await get('/api/admin/testimonials', admin.token)).json());
    expect(listed.testimonials.find((x) => x.id === id)?.published).toBe(false);

    const one = AdminTestimonialResponse.parse((await get(`/api/admin/testimonials/${id}`, admin.token)).json());
    expect(one.history.map((h) => h.action)).toEqual(['update', 'create']);
    expect(one.history[0]?.before).toEqual({ note: XSS_CLEAN, published: true });
    expect(one.history[0]?.after).toEqual({
      note: '<p>The planners kept our students organized all year.</p>',
      published: false,
    });
  });

  it('puts them in the order given, refuses a list that is not every one of them, and deletes one', async () => {
    const a = (await post('/api/admin/testimonials', testimonialFields({ name: 'Ann' }), admin.token)).json().id;
    const b = (await post('/api/admin/testimonials', testimonialFields({ name: 'Ben' }), admin.token)).json().id;
    const all = AdminTestimonialsResponse.parse(
      (await get('/api/admin/testimonials', admin.token)).json(),
    ).testimonials;
    const others = all.map((x) => x.id).filter((x) => x !== a && x !== b);
    const order = [b, a, ...others];

    const stale = await post('/api/admin/testimonials/order', { ids: [b, a] }, admin.token);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(MSG.orderListMismatch);
    const twice = await post('/api/admin/testimonials/order', { ids: [b, b, ...others] }, admin.token);
    expect(twice.statusCode).toBe(400);

    const res = await post('/api/admin/testimonials/order', { ids: order }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const after = AdminTestimonialsResponse.parse((await get('/api/admin/testimonials', admin.token)).json());
    expect(after.testimonials.map((x) => x.id)).toEqual(order);
    expect(after.testimonials.map((x) => x.sort_order)).toEqual(order.map((_, i) => i + 1));
    expect((await publicTestimonials()).slice(0, 2).map((x) => x.name)).toEqual(['Ben', 'Ann']);
    const moved = await auditOf('testimonial', b);
    expect(moved.at(-1)).toMatchObject({ action: 'reorder', changes: { after: { sort_order: 1 } } });

    const gone = await post(`/api/admin/testimonials/${a}/delete`, {}, admin.token);
    expect(gone.json()).toEqual({ status: 'success', message: MSG.testimonialDeleted });
    expect((await publicTestimonials()).map((x) => x.name)).not.toContain('Ann');
    expect((await auditOf('testimonial', a)).at(-1)).toMatchObject({ action: 'delete', changes: { after: null } });
    expect((await post(`/api/admin/testimonials/${a}/delete`, {}, admin.token)).statusCode).toBe(404);
  });

  it('refuses a testimonial without a name or words', async () => {
    const res = await post('/api/admin/testimonials', testimonialFields({ name: '', note: '<p> </p>' }), admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: MSG.testimonialNameRequired, note: MSG.testimonialNoteRequired });
  });
});

describe('FAQ topics and questions', () => {
  const schoolFaqs = async (categoryId: number) =>
    (await get(`/api/faqs?fc_id=${categoryId}`, school.token)).json().faqs as {
      id: number;
      question: string;
      answer: string;
    }[];

  it('adds a topic with an address made from its name, and refuses an address already used', async () => {
    const id = await newTopic('Artwork & Proofs');
    const topics = AdminFaqTopicsResponse.parse((await get('/api/admin/faq-categories', admin.token)).json());
    expect(topics.categories.find((c) => c.id === id)).toMatchObject({
      name: 'Artwork & Proofs',
      slug: 'artwork-proofs',
      audience: 0,
      faq_count: 0,
    });
    const taken = await post('/api/admin/faq-categories', { name: 'Account again', slug: 'account' }, admin.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: MSG.faqTopicSlugInUse, errors: { slug: MSG.faqTopicSlugInUse } });
    const bad = await post('/api/admin/faq-categories', { name: '', slug: 'Not A Slug', audience: 7 }, admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: MSG.faqTopicNameRequired,
      slug: MSG.faqTopicSlugInvalid,
      audience: MSG.audienceInvalid,
    });
    expect((await auditOf('faq-category', id)).map((a) => a.action)).toEqual(['create']);
  });

  it('adds questions (answers sanitised) that schools read at once, filters them by topic, and orders them', async () => {
    const topic = await newTopic('Shipping questions');
    const first = await newFaq(topic, 'When does it ship?', XSS);
    const second = await newFaq(topic, 'Can I track it?');
    const [stored] = await t.db.select().from(faqs).where(eq(faqs.id, first));
    expect(stored?.answer).toBe(XSS_CLEAN);
    expect(await schoolFaqs(topic)).toEqual([
      { id: first, question: 'When does it ship?', answer: XSS_CLEAN },
      { id: second, question: 'Can I track it?', answer: '<p>An answer.</p>' },
    ]);

    const listed = AdminFaqsResponse.parse((await get(`/api/admin/faqs?category_id=${topic}`, admin.token)).json());
    expect(listed.faqs.map((f) => [f.id, f.category_name, f.sort_order])).toEqual([
      [first, 'Shipping questions', 1],
      [second, 'Shipping questions', 2],
    ]);
    const everything = AdminFaqsResponse.parse((await get('/api/admin/faqs', admin.token)).json());
    expect(everything.faqs.length).toBeGreaterThan(2);

    const order = await post('/api/admin/faqs/order', { category_id: topic, ids: [second, first] }, admin.token);
    expect(order.statusCode, order.body).toBe(200);
    expect((await schoolFaqs(topic)).map((f) => f.id)).toEqual([second, first]);

    const edit = await post(
      `/api/admin/faqs/${first}`,
      { category_id: topic, question: 'When does my order ship?', answer: '<p>In August.</p>', audience: 5 },
      admin.token,
    );
    expect(edit.json().message).toBe(MSG.faqSaved);
    // Written for sponsors only now: the school no longer reads it.
    expect((await schoolFaqs(topic)).map((f) => f.id)).toEqual([second]);
    expect((await auditOf('faq', first)).map((a) => a.action)).toEqual(['create', 'reorder', 'update']);
  });

  it('refuses a question without a topic, words or answer', async () => {
    const res = await post('/api/admin/faqs', { category_id: 999999, question: ' ', answer: '<p></p>' }, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ question: MSG.faqQuestionRequired, answer: MSG.faqAnswerRequired });
    const unknown = await post(
      '/api/admin/faqs',
      { category_id: 999999, question: 'Q?', answer: '<p>A</p>' },
      admin.token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ category_id: MSG.faqTopicRequired });
  });

  it('refuses to delete a topic that still has questions, and deletes it once it has none', async () => {
    const topic = await newTopic('Temporary');
    const faq = await newFaq(topic, 'Will this stay?');
    const refused = await post(`/api/admin/faq-categories/${topic}/delete`, {}, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.faqTopicHasQuestions);
    expect((await t.db.select().from(faqs).where(eq(faqs.id, faq))).length).toBe(1);
    expect((await t.db.select().from(faq_categories).where(eq(faq_categories.id, topic))).length).toBe(1);

    expect((await post(`/api/admin/faqs/${faq}/delete`, {}, admin.token)).json().message).toBe(MSG.faqDeleted);
    const done = await post(`/api/admin/faq-categories/${topic}/delete`, {}, admin.token);
    expect(done.json()).toEqual({ status: 'success', message: MSG.faqTopicDeleted });
    expect((await auditOf('faq-category', topic)).map((a) => a.action)).toEqual(['create', 'delete']);
    expect((await auditOf('faq', faq)).map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('puts the topics in the order given, which schools see', async () => {
    const { categories } = AdminFaqTopicsResponse.parse((await get('/api/admin/faq-categories', admin.token)).json());
    const reversed = categories.map((c) => c.id).reverse();
    expect((await post('/api/admin/faq-categories/order', { ids: reversed }, admin.token)).statusCode).toBe(200);
    const seen = (await get('/api/faqcats', school.token)).json().categories.map((c: { id: number }) => c.id);
    const visible = new Set(seen);
    expect(seen).toEqual(reversed.filter((id) => visible.has(id)));
  });
});

describe('a save from a tab opened before another save', () => {
  /** Opens the record's form twice, saves from one tab, then from the other: the later is refused. */
  async function saveTwice(url: string, opened: { updated_at: string }, first: object, second: object) {
    const saved = await post(url, { ...first, version: opened.updated_at }, admin.token);
    expect(saved.statusCode, saved.body).toBe(200);
    return post(url, { ...second, version: opened.updated_at }, admin.token);
  }

  it('is refused for a testimonial, a topic and a question, keeping the first save and its one audit row', async () => {
    const tid = (await post('/api/admin/testimonials', testimonialFields({ name: 'Tab One' }), admin.token)).json().id;
    const openedT = AdminTestimonialResponse.parse((await get(`/api/admin/testimonials/${tid}`, admin.token)).json());
    const staleT = await saveTwice(
      `/api/admin/testimonials/${tid}`,
      openedT.testimonial,
      testimonialFields({ name: 'Saved first' }),
      testimonialFields({ name: 'Saved from the older tab' }),
    );
    expect(staleT.statusCode).toBe(409);
    expect(staleT.json()).toEqual({ status: 'error', message: MSG.testimonialChanged });
    const [kept] = await t.db.select().from(testimonials).where(eq(testimonials.id, tid));
    expect(kept?.name).toBe('Saved first');
    expect((await auditOf('testimonial', tid)).map((a) => a.action)).toEqual(['create', 'update']);

    const topicId = await newTopic('Tabs');
    const topics = AdminFaqTopicsResponse.parse((await get('/api/admin/faq-categories', admin.token)).json());
    const openedTopic = topics.categories.find((c) => c.id === topicId);
    if (!openedTopic) throw new Error('topic not listed');
    const staleTopic = await saveTwice(
      `/api/admin/faq-categories/${topicId}`,
      openedTopic,
      { name: 'Tabs, saved first' },
      { name: 'Tabs, older tab' },
    );
    expect(staleTopic.statusCode).toBe(409);
    expect(staleTopic.json()).toEqual({ status: 'error', message: MSG.faqTopicChanged });
    expect((await auditOf('faq-category', topicId)).map((a) => a.action)).toEqual(['create', 'update']);

    const faqId = await newFaq(topicId, 'Which tab wins?');
    const faqs = AdminFaqsResponse.parse((await get(`/api/admin/faqs?category_id=${topicId}`, admin.token)).json());
    const openedFaq = faqs.faqs.find((f) => f.id === faqId);
    if (!openedFaq) throw new Error('question not listed');
    const answer = '<p>The first.</p>';
    const staleFaq = await saveTwice(
      `/api/admin/faqs/${faqId}`,
      openedFaq,
      { category_id: topicId, question: 'Which tab wins? The first.', answer },
      { category_id: topicId, question: 'Which tab wins? The older.', answer },
    );
    expect(staleFaq.statusCode).toBe(409);
    expect(staleFaq.json()).toEqual({ status: 'error', message: MSG.faqChanged });
    const after = AdminFaqsResponse.parse((await get(`/api/admin/faqs?category_id=${topicId}`, admin.token)).json());
    expect(after.faqs.map((f) => f.question)).toEqual(['Which tab wins? The first.']);
  });
});

describe('site settings', () => {
  it('reads every setting with its history', async () => {
    const res = AdminSettingsResponse.parse((await get('/api/admin/settings', admin.token)).json());
    expect(res.settings).toEqual(settingsFields());
  });

  it('saves a phone pasted in any common format as (813) 555-0199, which the public settings show at once', async () => {
    expect((await get('/api/settings')).json().settings.support_phone).toBe('(813) 555-0142');
    const res = await post(
      '/api/admin/settings',
      settingsFields({ support_phone: '+1 813.555.0199', cancel_cutoff: '04-15' }),
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.settingsSaved });
    const publicSettings = (await get('/api/settings')).json().settings;
    expect(publicSettings.support_phone).toBe('(813) 555-0199');
    expect(publicSettings.cancel_cutoff).toBe('04-15');

    expect((await auditOf('setting', 'support_phone')).map((a) => a.changes)).toEqual([
      { before: { value: '(813) 555-0142' }, after: { value: '(813) 555-0199' } },
    ]);
    expect(await auditOf('setting', 'cancel_cutoff')).toHaveLength(1);
    expect(await auditOf('setting', 'support_email')).toEqual([]);

    // The same values again change nothing and write no audit row.
    await post(
      '/api/admin/settings',
      settingsFields({ support_phone: '813-555-0199', cancel_cutoff: '04-15' }),
      admin.token,
    );
    expect(await auditOf('setting', 'support_phone')).toHaveLength(1);
    const history = AdminSettingsResponse.parse((await get('/api/admin/settings', admin.token)).json()).history;
    expect(history.map((h) => h.entity_id).sort()).toEqual(['cancel_cutoff', 'support_phone']);
  });

  it('refuses bad values, each with its message, and writes none of them', async () => {
    const res = await post(
      '/api/admin/settings',
      settingsFields({
        provider_name: '',
        support_email: 'not-an-address',
        support_phone: '555-01',
        postal_address: ' ',
        fundraising_url: 'fundraising',
        fundraising_label: '',
        partner_url: 'javascript:alert(1)',
        promo_video_url: 'video.mp4',
        cancel_cutoff: '02-30',
        sales_tax_note: '',
      }),
      admin.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      provider_name: MSG.settingProviderNameRequired,
      support_email: MSG.invalidEmail,
      support_phone: MSG.invalidPhone,
      postal_address: MSG.settingAddressRequired,
      fundraising_url: MSG.settingUrlInvalid,
      fundraising_label: MSG.settingLabelRequired,
      partner_url: MSG.settingUrlInvalid,
      promo_video_url: MSG.settingVideoInvalid,
      cancel_cutoff: MSG.settingCutoffInvalid,
      sales_tax_note: MSG.settingTaxNoteRequired,
    });
    const empty = await post(
      '/api/admin/settings',
      settingsFields({ support_email: '', support_phone: '' }),
      admin.token,
    );
    expect(empty.json().errors).toEqual({
      support_email: MSG.settingSupportEmailRequired,
      support_phone: MSG.settingSupportPhoneRequired,
    });
    const leap = await post('/api/admin/settings', settingsFields({ cancel_cutoff: '02-29' }), admin.token);
    expect(leap.json().errors).toEqual({ cancel_cutoff: MSG.settingCutoffInvalid });
    const stored = await t.db.select().from(site_settings).where(eq(site_settings.key, 'provider_name'));
    expect(stored[0]?.value).toBe('School Planner Savings');
    expect(await auditOf('setting', 'provider_name')).toEqual([]);
  });

  it('keeps two admins’ changes to different settings, and refuses the later change to a setting both changed', async () => {
    const opened = AdminSettingsResponse.parse((await get('/api/admin/settings', admin.token)).json()).settings;
    const first = await post(
      '/api/admin/settings',
      { ...opened, support_email: 'help@schoolplannersavings.com', opened },
      admin.token,
    );
    expect(first.statusCode, first.body).toBe(200);
    // The other tab, opened before, changes another setting: the first change stands.
    const other = await post('/api/admin/settings', { ...opened, provider_name: 'SPS Planners', opened }, admin.token);
    expect(other.statusCode, other.body).toBe(200);
    const both = AdminSettingsResponse.parse((await get('/api/admin/settings', admin.token)).json()).settings;
    expect(both).toMatchObject({ support_email: 'help@schoolplannersavings.com', provider_name: 'SPS Planners' });
    // The same setting, changed from the old tab to something else: refused, nothing written.
    const clash = await post(
      '/api/admin/settings',
      { ...opened, support_email: 'orders@schoolplannersavings.com', postal_address: 'Elsewhere', opened },
      admin.token,
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ status: 'error', message: MSG.settingsChanged });
    const after = AdminSettingsResponse.parse((await get('/api/admin/settings', admin.token)).json()).settings;
    expect(after).toEqual(both);
    expect((await auditOf('setting', 'support_email')).map((a) => a.changes)).toEqual([
      { before: { value: opened.support_email }, after: { value: 'help@schoolplannersavings.com' } },
    ]);
    await post('/api/admin/settings', { ...opened, opened: after }, admin.token);
  });
});
