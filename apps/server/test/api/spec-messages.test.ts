import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { email_outbox, sessions } from '../../src/db/schema/index.ts';
import {
  bearer,
  createSchoolUser,
  signedInSchool,
  signedInSponsor,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { sentEnquiry } from '../helpers/enquiries.ts';
import { expectLoggedError } from '../helpers/logged-errors.ts';
import { schoolWithOrder, schoolWithPlacedOrder } from '../helpers/orders.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { SAMPLES, uploadFile } from '../helpers/uploads.ts';

/**
 * The spec's words and figures, and product decision D6's corrections of them, written out
 * here as they stand in `spec/*.md` and `product-decisions.md`, not read from the message
 * table the server uses: an edit of a message the spec words fails here. (Password length and
 * strength are left to the password rules' own tests.)
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp({
    routes(app) {
      app.get('/api/test/unexpected-failure', async () => {
        throw new Error('a failure no rule foresaw');
      });
    },
  });
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The refusal of a form: 400, and each field's message. */
async function refusedFields(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { status: string; errors?: Record<string, string> };
  expect(body.status).toBe('error');
  return body.errors ?? {};
}

describe('POST /api/loginnewreg (spec portal §5 Register)', () => {
  it('says an empty e-mail is required, a malformed one what is wrong (D6), and a used one is in use', async () => {
    const empty = await t.api.post('/api/loginnewreg', { body: { email: '', password: 'Lantern-Harbour-1987' } });
    expect((await refusedFields(empty)).email).toBe('Email is required');

    const malformed = await t.api.post('/api/loginnewreg', {
      body: { email: 'not-an-address', password: 'Lantern-Harbour-1987' },
    });
    expect((await refusedFields(malformed)).email).toBe('Enter a valid e-mail address');

    const taken = await createSchoolUser(t);
    const used = await t.api.post('/api/loginnewreg', {
      body: { email: taken.email, password: 'Lantern-Harbour-1987' },
      remoteAddress: uniqueIp(),
    });
    expect(used.statusCode, used.body).toBe(409);
    expect(used.json().message).toBe('Email address is already in use');
  });
});

describe('POST /api/login (spec portal §5 Login, D6)', () => {
  it("says 'Valid email address is required' and 'Password is required', as D6 corrects 'Passwords is required'", async () => {
    const res = await t.api.post('/api/login', { body: { username: '', password: '', usertype: 4 } });
    expect(await refusedFields(res)).toMatchObject({
      username: 'Valid email address is required',
      password: 'Password is required',
    });
  });
});

describe('POST /api/forgotpassword and POST /api/setpassword (spec portal §5)', () => {
  it("says 'Valid email address is required' for the forgotten password's address", async () => {
    const res = await t.api.post('/api/forgotpassword', { body: { email: '' } });
    expect((await refusedFields(res)).email).toBe('Valid email address is required');
  });

  it("says 'Passwords do not match' when the confirmation differs", async () => {
    const res = await t.api.post('/api/setpassword', {
      body: { npassword: 'Lantern-Harbour-1987', cpassword: 'Lantern-Harbour-1988', securitykey: 'k'.repeat(43) },
    });
    expect((await refusedFields(res)).cpassword).toBe('Passwords do not match');
  });
});

describe('POST /api/addenquiry and POST /api/addsponsorreq (spec portal §5 Contact form)', () => {
  const CONTACT_REQUIRED = {
    fullname: 'Full name is required',
    email: 'Valid email address is required',
    state: 'State is required',
    city: 'City is required',
    phone: 'Phone number is required',
    message: 'This is required field',
  };

  it('names every required field of the contact form with the spec’s message', async () => {
    const res = await t.api.post('/api/addenquiry', { body: {} });
    expect(await refusedFields(res)).toEqual({ ...CONTACT_REQUIRED, company: 'Company or School name is required' });
  });

  it("names the sponsor variant's company 'Business name is required'", async () => {
    const res = await t.api.post('/api/addsponsorreq', { body: {} });
    expect(await refusedFields(res)).toEqual({ ...CONTACT_REQUIRED, company: 'Business name is required' });
  });

  it("thanks the sender as D6 corrects 'Thank you contacting us!'", async () => {
    const res = await t.api.post('/api/addenquiry', {
      body: {
        fullname: 'Dana Whitfield',
        email: uniqueEmail('contact'),
        state: 'Florida',
        city: 'Tampa',
        phone: '8135550142',
        company: 'Bayshore Elementary',
        message: 'When do the planners ship?',
      },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Thank you for contacting us! We will get back to you soon.',
    });
  });

  it("says a phone number has exactly 10 digits: 'Enter a 10-digit phone number' (D6)", async () => {
    for (const phone of ['813555014', '81355501423']) {
      const res = await t.api.post('/api/addenquiry', { body: { phone } });
      expect((await refusedFields(res)).phone, phone).toBe('Enter a 10-digit phone number');
    }
  });
});

describe('POST /api/schoolaccount (spec portal §5 School details)', () => {
  it('names each required field: the spec’s words where it gives them, “… is required” for the rest', async () => {
    const school = await signedInSchool(t);
    const errors = await refusedFields(
      await t.api.post('/api/schoolaccount', { body: { status: 1 }, headers: bearer(school.token) }),
    );
    expect(errors).toMatchObject({
      school_name: 'School Name is required',
      dist_calendar: 'This is required field',
      primary_name: 'Primary contact name is required',
    });
    for (const field of [
      'address',
      'city',
      'state',
      'zip',
      'county',
      'phone',
      'website',
      'hod_name',
      'hod_email',
      'primary_position',
      'primary_phone',
    ]) {
      expect(errors[field], field).toMatch(/ is required$/);
    }
  });

  it("says 'Website URL is not correct' and 'Please enter a whole number' for the enrollment", async () => {
    const school = await signedInSchool(t);
    const errors = await refusedFields(
      await t.api.post('/api/schoolaccount', {
        body: { website: 'not a site', avg_enrollment: '0' },
        headers: bearer(school.token),
      }),
    );
    expect(errors).toMatchObject({
      website: 'Website URL is not correct',
      avg_enrollment: 'Please enter a whole number',
    });
  });
});

describe('POST /api/sponsoraccount (spec portal §5 Sponsor details)', () => {
  it('names the two fields required at first setup “… is required”', async () => {
    const sponsor = await signedInSponsor(t);
    const errors = await refusedFields(
      await t.api.post('/api/sponsoraccount', { body: {}, headers: bearer(sponsor.token) }),
    );
    expect(Object.keys(errors).sort()).toEqual(['business_name', 'srep_id']);
    for (const field of ['business_name', 'srep_id']) expect(errors[field], field).toMatch(/ is required$/);
  });

  it('names each required field of the profile form “… is required”, and a bad website', async () => {
    const sponsor = await signedInSponsor(t);
    const errors = await refusedFields(
      await t.api.post('/api/sponsoraccount', {
        body: { primary_email: '', website: 'not a site' },
        headers: bearer(sponsor.token),
      }),
    );
    for (const field of [
      'business_name',
      'phone_number',
      'address',
      'city',
      'state',
      'zip',
      'county',
      'primary_name',
      'primary_email',
      'primary_phone',
    ]) {
      expect(errors[field], field).toMatch(/ is required$/);
    }
    expect(errors.website).toBe('Website URL is not correct');
  });
});

describe('POST /api/updatetoenq (spec orders §5 Sponsor enquiry form)', () => {
  it('names every required field of the enquiry with the spec’s message', async () => {
    const sponsor = await signedInSponsor(t);
    const draft = await sentEnquiry(t, sponsor.user.id, null, { submitted_at: null });
    const res = await t.api.post('/api/updatetoenq', {
      body: { enq_id: draft.enq_key, send_email: 1 },
      headers: bearer(sponsor.token),
    });
    expect(await refusedFields(res)).toEqual({
      fullname: 'Your Name is required',
      email: 'Valid email address is required',
      phone: 'Phone number is required',
      company: 'Company name is required',
      message: 'This is required field',
    });
  });
});

describe('POST /api/cancelorderenq (spec orders §5 Cancel-contact form)', () => {
  it('names every required field of the form to ask to cancel', async () => {
    const school = await schoolWithPlacedOrder(t, { payment_method: '1' });
    const res = await t.api.post('/api/cancelorderenq', {
      body: { order_key: school.orderKey },
      headers: bearer(school.token),
    });
    expect(await refusedFields(res)).toEqual({
      schoolname: 'School name is required',
      email: 'Valid email address is required',
      message: 'This is required field',
    });
  });
});

describe('POST /api/updatetemporder (spec orders §5 Order form)', () => {
  it("answers an incomplete form 'Please fill all required fields', with the school year and the terms", async () => {
    const school = await schoolWithOrder(t);
    const res = await t.api.post('/api/updatetemporder', {
      body: { order_key: school.orderKey, draft: 0, status: 'Reserved' },
      headers: bearer(school.token),
    });
    const errors = await refusedFields(res);
    expect(res.json().message).toBe('Please fill all required fields');
    expect(errors).toMatchObject({
      school_year: 'Please select school year',
      agreed: 'Please accept terms and conditions',
    });
  });

  it("makes the planner options required once planners are ordered: 'This is required field'", async () => {
    const school = await schoolWithOrder(t);
    const res = await t.api.post('/api/updatetemporder', {
      body: { order_key: school.orderKey, draft: 0, status: 'Reserved', noprimary_planners: '120' },
      headers: bearer(school.token),
    });
    expect(await refusedFields(res)).toMatchObject({
      cust_pages: 'This is required field',
      vinyl_pockets: 'This is required field',
      cover_optn: 'This is required field',
      delivery_optn: 'This is required field',
      ss_car_mag_add: 'This is required field',
      tax: 'This is required field',
    });
  });

  it('says what a count must be: a whole number, multiples of 50, multiples of 250', async () => {
    const school = await schoolWithOrder(t);
    const res = await t.api.post('/api/updatetemporder', {
      body: {
        order_key: school.orderKey,
        draft: 1,
        status: 'Pending',
        noprimary_planners: '2.5',
        nocar_dismissal: '60',
        nocar_rider: '75',
        nohomework_folders: '300',
      },
      headers: bearer(school.token),
    });
    expect(await refusedFields(res)).toMatchObject({
      noprimary_planners: 'Please enter a whole number',
      nocar_dismissal: 'Please enter number in multiples of 50',
      nocar_rider: 'Please enter number in multiples of 50',
      nohomework_folders: 'Please enter number in multiples of 250',
    });
  });
});

describe('POST /api/uploadorderfiles (D7: 5 MB, and the message says so)', () => {
  const LIMIT = 5_242_880;
  const pdfOf = (bytes: number) => Buffer.concat([SAMPLES.pdf, Buffer.alloc(bytes - SAMPLES.pdf.length, 0x20)]);

  it('takes a file of 5,242,880 bytes and refuses one byte more with 413 and the 5 MB message', async () => {
    const school = await schoolWithOrder(t);
    const fields = { order_key: school.orderKey, file_type: 'po_document' };
    const atLimit = await uploadFile(t, {
      token: school.token,
      fields,
      file: { filename: 'po.pdf', content: pdfOf(LIMIT) },
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);

    const over = await uploadFile(t, {
      token: school.token,
      fields,
      file: { filename: 'po.pdf', content: pdfOf(LIMIT + 1) },
    });
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toEqual({
      status: 'error',
      message: 'The file you selected is too big. Max file size limit is 5 MB',
    });
  });

  it("refuses a type the spec does not allow: 'Please select a valid file type'", async () => {
    const school = await schoolWithOrder(t);
    const res = await uploadFile(t, {
      token: school.token,
      fields: { order_key: school.orderKey, file_type: 'po_document' },
      file: { filename: 'notes.txt', content: Buffer.from('plain text') },
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().message).toBe('Please select a valid file type');
  });
});

describe('POST /api/placeorder (spec orders §5 Checkout)', () => {
  it("says 'Please accept to continue.' when the terms are not ticked", async () => {
    const school = await schoolWithPlacedOrder(t, { payment_method: '1' });
    const res = await t.api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '1' },
      headers: bearer(school.token),
    });
    expect((await refusedFields(res)).tnc).toBe('Please accept to continue.');
  });
});

describe('sponsorship payments (spec orders §5, D6)', () => {
  it("says 'Please enter a valid amount (eg: 99.99)' for an amount with three decimals", async () => {
    const sponsor = await signedInSponsor(t);
    const sponsorship = await sponsorshipOf(t, sponsor.user.id, 50_000);
    const res = await t.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: String(sponsorship.id), amount: '10.005' },
      headers: bearer(sponsor.token),
    });
    expect((await refusedFields(res)).amount).toBe('Please enter a valid amount (eg: 99.99)');
  });

  it("says 'Please select at least one sponsorship to continue.', as D6 corrects 'sponosorship'", async () => {
    const sponsor = await signedInSponsor(t);
    const sponsorship = await sponsorshipOf(t, sponsor.user.id, 50_000);
    const res = await t.api.post('/api/paybulksponsorship', {
      body: { exclude_sponsorships: String(sponsorship.id) },
      headers: bearer(sponsor.token),
    });
    expect((await refusedFields(res)).exclude_sponsorships).toBe('Please select at least one sponsorship to continue.');
  });
});

describe('an unforeseen failure (D3, D6)', () => {
  it("answers 500 'Error occurred, please try again later.', as D6 corrects 'Error occured'", async () => {
    expectLoggedError('a failure no rule foresaw');
    const res = await t.api.get('/api/test/unexpected-failure');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: 'Error occurred, please try again later.' });
  });
});

describe('sessions (D4: 24 hours idle, 30 days with remember me)', () => {
  /** The server's clock (and this process's) stands at `at`; timers keep running. */
  const setNow = (at: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
  };
  const signInAs = async (email: string, password: string, remember: boolean) => {
    const res = await t.api.post('/api/login', {
      body: { username: email, password, usertype: 4, remember },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const headerInfo = (token: string) => t.api.get('/api/headerinfo', { headers: bearer(token) });

  it('keeps a session used within 24 hours, and ends one left idle for longer', async () => {
    const account = await createSchoolUser(t);
    const start = Date.now();
    setNow(start);
    const token = await signInAs(account.email, account.password, false);

    setNow(start + 24 * HOUR - MINUTE);
    expect((await headerInfo(token)).statusCode).toBe(200);
    // Used just now: the 24 hours run from this use.
    setNow(start + 24 * HOUR - MINUTE + 24 * HOUR - MINUTE);
    expect((await headerInfo(token)).statusCode).toBe(200);
    setNow(start + 24 * HOUR - MINUTE + 24 * HOUR - MINUTE + 24 * HOUR + MINUTE);
    const idle = await headerInfo(token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().status).toBe('error');
  });

  it('keeps a remembered session for 30 days idle, and not a minute more', async () => {
    const account = await createSchoolUser(t);
    const start = Date.now();
    setNow(start);
    const remembered = await signInAs(account.email, account.password, true);
    const [row] = await t.db
      .select({ remember: sessions.remember })
      .from(sessions)
      .where(eq(sessions.user_id, account.user.id));
    expect(row?.remember).toBe(true);

    setNow(start + 30 * DAY - MINUTE);
    expect((await headerInfo(remembered)).statusCode).toBe(200);
    setNow(start + 30 * DAY - MINUTE + 30 * DAY + MINUTE);
    expect((await headerInfo(remembered)).statusCode).toBe(401);
  });
});

describe('the password reset link (D14: single use, expires in 1 hour)', () => {
  /** Asks for a reset link and reads its key from the e-mail. */
  async function resetKey(email: string): Promise<string> {
    const asked = await t.api.post('/api/forgotpassword', { body: { email }, remoteAddress: uniqueIp() });
    expect(asked.statusCode, asked.body).toBe(200);
    const [mail] = await t.db
      .select({ text: email_outbox.text })
      .from(email_outbox)
      .where(and(eq(email_outbox.to_address, email), eq(email_outbox.template, 'password-reset')))
      .orderBy(desc(email_outbox.id))
      .limit(1);
    const key = mail?.text.match(/\/set-password\/([A-Za-z0-9_-]+)/)?.[1];
    if (!key) throw new Error(`no reset link in ${mail?.text}`);
    return key;
  }
  const setPassword = (securitykey: string, password: string) =>
    t.api.post('/api/setpassword', { body: { npassword: password, cpassword: password, securitykey } });

  it('sets the password with a link 59 minutes old, and refuses one 61 minutes old', async () => {
    const account = await createSchoolUser(t);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(start);
    const fresh = await resetKey(account.email);
    vi.setSystemTime(start + 59 * MINUTE);
    const inTime = await setPassword(fresh, 'Lantern-Harbour-1987');
    expect(inTime.statusCode, inTime.body).toBe(200);

    vi.setSystemTime(start + 2 * HOUR);
    const stale = await resetKey(account.email);
    vi.setSystemTime(start + 2 * HOUR + 61 * MINUTE);
    const late = await setPassword(stale, 'Lantern-Harbour-1988');
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().errors).toHaveProperty('securitykey');
  });
});
