import { USER_TYPE } from '@portal/contracts/constants';
import { ENQUIRIES_PAGE_SIZE } from '@portal/contracts/enquiries';
import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { email_outbox, enquiries } from '../../src/db/schema/index.ts';
import { bearer, createStaffUser, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { createCatalogueApp, productIdOf } from '../helpers/catalogue.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let rep: { id: number; email: string };
beforeAll(async () => {
  t = await createCatalogueApp();
  const staff = await createStaffUser(t, USER_TYPE.salesRep, { first_name: 'Rita', last_name: 'Delgado' });
  rep = { id: staff.user.id, email: staff.email };
});
afterAll(() => t?.close());

type Sponsor = Awaited<ReturnType<typeof signedInSponsor>>;

const aSponsor = () =>
  signedInSponsor(t, {
    business_name: 'Sunshine Dental Care',
    primary_name: 'Dana Whitfield',
    primary_phone: '8135550142',
    srep_id: rep.id,
  });

async function startEnquiry(sponsor: Sponsor, slug = 'teacher-lesson-planner'): Promise<string> {
  const res = await t.api.post('/api/addtoenquiry', {
    body: { product_id: await productIdOf(t, slug), qty: 2 },
    headers: bearer(sponsor.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().enq_key;
}

const form = (enqKey: string) => ({
  fullname: 'Dana Whitfield',
  email: 'dana@sunshine.example.com',
  phone: '(813) 555-0142',
  company: 'Sunshine Dental Care',
  message: 'We would like to sponsor teacher planners for Lakeview Middle School.',
  enq_id: enqKey,
  send_email: 1,
});

const send = (sponsor: Sponsor, body: unknown) =>
  t.api.post('/api/updatetoenq', { body, headers: bearer(sponsor.token) });

const enquiryByKey = async (enqKey: string) =>
  (await t.db.select().from(enquiries).where(eq(enquiries.enq_key, enqKey)))[0];
const mailsOf = (enqId: number) =>
  t.db
    .select()
    .from(email_outbox)
    .where(
      and(
        eq(email_outbox.template, 'enquiry'),
        eq(email_outbox.subject, `Enquiry #${enqId} from Sunshine Dental Care: Teacher Lesson Planner`),
      ),
    );

async function sentEnquiry(sponsor: Sponsor): Promise<string> {
  const enqKey = await startEnquiry(sponsor);
  expect((await send(sponsor, form(enqKey))).statusCode).toBe(200);
  return enqKey;
}

/** Each read answers 401 signed out, 403 to a school and 404 for another sponsor's key. */
describe.each([
  { route: '/api/tempenq', param: 'enq_id' },
  { route: '/api/enquiryconfirm', param: 'enq_key' },
  { route: '/api/enquirydetails', param: 'enq_key' },
])('GET $route refusals', ({ route, param }) => {
  it('answers 401 signed out, 403 to a school, 404 to another sponsor', async () => {
    const owner = await aSponsor();
    const enqKey = await sentEnquiry(owner);
    const url = `${route}?${param}=${enqKey}`;

    const signedOut = await t.api.get(url);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ status: 'error', message: MSG.unauthorized });

    const school = await signedInSchool(t);
    const asSchool = await t.api.get(url, { headers: bearer(school.token) });
    expect(asSchool.statusCode).toBe(403);
    expect(asSchool.json()).toEqual({ status: 'error', message: MSG.forbidden });

    const other = await aSponsor();
    const asOther = await t.api.get(url, { headers: bearer(other.token) });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toEqual({ status: 'error', message: MSG.enquiryNotFound });
  });

  it(`answers 400 naming ${param} when it is missing`, async () => {
    const sponsor = await aSponsor();
    const res = await t.api.get(route, { headers: bearer(sponsor.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [param]: `${param} is required` });
  });
});

describe('GET /api/tempenq', () => {
  it('answers the product and the sponsor’s profile to prefill the form', async () => {
    const sponsor = await aSponsor();
    const enqKey = await startEnquiry(sponsor);
    const res = await t.api.get(`/api/tempenq?enq_id=${enqKey}`, { headers: bearer(sponsor.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'ok',
      enq_id: expect.any(Number),
      is_submited: 0,
      product: {
        name: 'Teacher Lesson Planner',
        slug: 'teacher-lesson-planner',
        image: expect.any(String),
        regular_price_html: expect.stringMatching(/^\$[\d,]+\.\d\d$/),
      },
      userinfo: {
        primary_name: 'Dana Whitfield',
        primary_email: sponsor.email,
        primary_phone: '8135550142',
        business_name: 'Sunshine Dental Care',
      },
    });
  });
});

describe('POST /api/updatetoenq', () => {
  it('sends the enquiry: submitted, with the form’s fields, e-mailed to the rep with a copy to the sponsor', async () => {
    const sponsor = await aSponsor();
    const enqKey = await startEnquiry(sponsor);
    const res = await send(sponsor, form(enqKey));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.enquiryReceived, enq_key: enqKey });

    const row = await enquiryByKey(enqKey);
    expect(row).toMatchObject({
      fullname: 'Dana Whitfield',
      email: 'dana@sunshine.example.com',
      phone: '8135550142',
      company: 'Sunshine Dental Care',
      srep_id: rep.id,
      submitted_at: expect.any(Date),
    });
    const mails = await mailsOf(row!.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: rep.email, cc_address: sponsor.email });
    expect(mails[0]!.html).toContain('Hello Rita Delgado,');
    expect(mails[0]!.html).toContain('We would like to sponsor teacher planners');
    expect(mails[0]!.text).toContain('Phone: (813) 555-0142');
    expect(mails[0]!.text).toContain(`/sponsor/enquiry/${enqKey}`);
  });

  it('is one enquiry and one e-mail when sent twice, or several times at once', async () => {
    const sponsor = await aSponsor();
    const enqKey = await startEnquiry(sponsor);
    const first = await send(sponsor, form(enqKey));
    const second = await send(sponsor, { ...form(enqKey), message: 'Sent again from another tab.' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    const raced = await startEnquiry(sponsor);
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(sponsor, form(raced))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().enq_key))).toEqual(new Set([raced]));

    for (const key of [enqKey, raced]) {
      const row = await enquiryByKey(key);
      expect(row!.message).toBe(form(key).message);
      expect(await mailsOf(row!.id)).toHaveLength(1);
    }
    const rows = await t.db.select().from(enquiries).where(eq(enquiries.sponsor_user_id, sponsor.user.id));
    expect(rows).toHaveLength(2);
  });

  it('answers 400 with the spec’s messages for empty fields, and writes nothing', async () => {
    const sponsor = await aSponsor();
    const enqKey = await startEnquiry(sponsor);
    const res = await send(sponsor, {
      enq_id: enqKey,
      fullname: '',
      email: ' ',
      phone: '',
      company: '',
      message: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      fullname: MSG.yourNameRequired,
      email: MSG.validEmailAddress,
      phone: MSG.phoneRequired,
      company: MSG.companyNameRequired,
      message: MSG.required,
    });
    expect(await enquiryByKey(enqKey)).toMatchObject({ submitted_at: null, fullname: '', message: '' });
  });

  it('answers 400 saying what is wrong with a malformed e-mail or phone', async () => {
    const sponsor = await aSponsor();
    const enqKey = await startEnquiry(sponsor);
    const res = await send(sponsor, { ...form(enqKey), email: 'dana@', phone: '555' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: MSG.invalidEmail, phone: MSG.invalidPhone });
    expect((await enquiryByKey(enqKey))!.submitted_at).toBeNull();
  });

  it('answers 401 signed out, 403 to a school, 404 for another sponsor’s key, and sends nothing', async () => {
    const owner = await aSponsor();
    const enqKey = await startEnquiry(owner);
    expect((await t.api.post('/api/updatetoenq', { body: form(enqKey) })).statusCode).toBe(401);
    const school = await signedInSchool(t);
    const asSchool = await t.api.post('/api/updatetoenq', { body: form(enqKey), headers: bearer(school.token) });
    expect(asSchool.statusCode).toBe(403);
    const other = await aSponsor();
    const asOther = await send(other, form(enqKey));
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toEqual({ status: 'error', message: MSG.enquiryNotFound });
    const row = await enquiryByKey(enqKey);
    expect(row).toMatchObject({ submitted_at: null, fullname: '' });
    expect(await mailsOf(row!.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown key', async () => {
    const sponsor = await aSponsor();
    const res = await send(sponsor, form('no-such-enquiry-key-at-all'));
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/enquiryconfirm', () => {
  it('answers is_submited 0 before the form is sent and 1 after', async () => {
    const sponsor = await aSponsor();
    const enqKey = await startEnquiry(sponsor);
    const before = await t.api.get(`/api/enquiryconfirm?enq_key=${enqKey}`, { headers: bearer(sponsor.token) });
    expect(before.json()).toEqual({ status: 'success', message: 'ok', enq_id: expect.any(Number), is_submited: 0 });
    await send(sponsor, form(enqKey));
    const after = await t.api.get(`/api/enquiryconfirm?enq_key=${enqKey}`, { headers: bearer(sponsor.token) });
    expect(after.json()).toEqual({ ...before.json(), is_submited: 1 });
  });
});

describe('GET /api/enquiries', () => {
  it('lists the sponsor’s sent enquiries only, newest first, 12 a page', async () => {
    const sponsor = await aSponsor();
    const started = await startEnquiry(sponsor);
    const keys: string[] = [];
    for (let i = 0; i < ENQUIRIES_PAGE_SIZE + 1; i++) keys.push(await sentEnquiry(sponsor));
    await sentEnquiry(await aSponsor());

    const first = await t.api.get('/api/enquiries', { headers: bearer(sponsor.token) });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.has_more).toBe(true);
    expect(page1.enquiries).toHaveLength(ENQUIRIES_PAGE_SIZE);
    expect(page1.enquiries[0]).toEqual({
      enq_id: expect.any(Number),
      enq_key: keys.at(-1),
      enq_date: expect.any(String),
      status: 'Received',
      product: { name: 'Teacher Lesson Planner', slug: 'teacher-lesson-planner' },
    });
    const page2 = (await t.api.get('/api/enquiries?page=2', { headers: bearer(sponsor.token) })).json();
    expect(page2.has_more).toBe(false);
    const listed = [...page1.enquiries, ...page2.enquiries].map((e: { enq_key: string }) => e.enq_key);
    expect(listed).toEqual([...keys].reverse());
    expect(listed).not.toContain(started);
  });

  it('answers 401 signed out and 403 to a school', async () => {
    expect((await t.api.get('/api/enquiries')).statusCode).toBe(401);
    const school = await signedInSchool(t);
    expect((await t.api.get('/api/enquiries', { headers: bearer(school.token) })).statusCode).toBe(403);
  });

  it('answers 400 naming page when it is not a number', async () => {
    const sponsor = await aSponsor();
    const res = await t.api.get('/api/enquiries?page=two', { headers: bearer(sponsor.token) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['page']);
  });
});

describe('GET /api/enquirydetails', () => {
  it('answers the sent enquiry in full, with its sales rep and no replies yet', async () => {
    const sponsor = await aSponsor();
    const enqKey = await sentEnquiry(sponsor);
    const res = await t.api.get(`/api/enquirydetails?enq_key=${enqKey}`, { headers: bearer(sponsor.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'ok',
      enquiry: {
        enq_id: expect.any(Number),
        enq_key: enqKey,
        enq_date: expect.any(String),
        status: 'Received',
        product: {
          name: 'Teacher Lesson Planner',
          slug: 'teacher-lesson-planner',
          image: expect.any(String),
          regular_price_html: expect.any(String),
        },
        qty: 2,
        fullname: 'Dana Whitfield',
        email: 'dana@sunshine.example.com',
        phone: '8135550142',
        company: 'Sunshine Dental Care',
        message: form(enqKey).message,
        sales_rep: 'Rita Delgado',
      },
      replies: [],
    });
  });

  it('answers 404 for an enquiry not sent yet', async () => {
    const sponsor = await aSponsor();
    const enqKey = await startEnquiry(sponsor);
    const res = await t.api.get(`/api/enquirydetails?enq_key=${enqKey}`, { headers: bearer(sponsor.token) });
    expect(res.statusCode).toBe(404);
  });
});
