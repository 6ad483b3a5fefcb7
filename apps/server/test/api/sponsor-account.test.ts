import { USER_TYPE } from '@portal/contracts/constants';
import { MSG, tooLong } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counties, sponsors, states, users } from '../../src/db/schema/index.ts';
import {
  bearer,
  completeSponsorProfile,
  createSchoolUser,
  createStaffUser,
  mailsTo,
  signedInSchool,
  signedInSponsor,
  signIn,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let rita: Awaited<ReturnType<typeof createStaffUser>>;
let marcus: Awaited<ReturnType<typeof createStaffUser>>;
let hillsborough: { state_id: number; county_id: number };

beforeAll(async () => {
  t = await createTestApp();
  rita = await createStaffUser(t, USER_TYPE.salesRep, { first_name: 'Rita', last_name: 'Delgado' });
  marcus = await createStaffUser(t, USER_TYPE.salesRep, { first_name: 'Marcus', last_name: 'Reed' });
  const [place] = await t.db
    .select({ state_id: states.id, county_id: counties.id })
    .from(counties)
    .innerJoin(states, eq(states.id, counties.state_id))
    .where(sql`${states.state_code} = 'FL' and ${counties.county_name} = 'Hillsborough'`);
  hillsborough = place!;
});
afterAll(() => t?.close());

const details = (token: string) => t.api.get('/api/sponsordetails', { headers: bearer(token) });
const save = (token: string, body: unknown) => t.api.post('/api/sponsoraccount', { headers: bearer(token), body });

/** A sponsor as staff set it up in the demo: business, rep and address filled in. */
function demoLikeSponsor() {
  return signedInSponsor(t, {
    business_name: 'Sunshine Dental Care',
    srep_id: rita.user.id,
    phone_number: '8135550188',
    website: 'https://sunshinedental.example.com',
    address: '1200 S Dale Mabry Hwy',
    city: 'Tampa',
    ...hillsborough,
    zip: '33629',
    primary_name: 'Dana Whitfield',
    primary_phone: '8135550189',
    details_completed_at: new Date(),
  });
}

async function srepOf(userId: number) {
  const [row] = await t.db.select({ srep_id: sponsors.srep_id }).from(sponsors).where(eq(sponsors.user_id, userId));
  return row?.srep_id;
}

describe('GET /api/sponsordetails', () => {
  it('answers 401 without a token and 403 to a school', async () => {
    const anonymous = await t.api.get('/api/sponsordetails');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 'error', message: MSG.unauthorized });

    const school = await signedInSchool(t);
    const res = await details(school.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
  });

  it('shows the sponsor its details with its login e-mail, its name and its sales rep’s name', async () => {
    const sponsor = await demoLikeSponsor();
    const res = await details(sponsor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'ok',
      result: {
        business_name: 'Sunshine Dental Care',
        srep_id: rita.user.id,
        phone_number: '8135550188',
        website: 'https://sunshinedental.example.com',
        address: '1200 S Dale Mabry Hwy',
        city: 'Tampa',
        state: 'Florida',
        zip: '33629',
        county: 'Hillsborough',
        primary_name: 'Dana Whitfield',
        primary_email: sponsor.email,
        primary_phone: '8135550189',
        secondary_name: '',
        secondary_email: '',
        secondary_phone: '',
        status: 1,
        user_email: sponsor.email,
        user_name: 'Dana Whitfield',
        sr_fname: 'Rita',
        sr_lname: 'Delgado',
        details_completed: true,
      },
    });
  });

  it('names the person on the account when staff recorded one', async () => {
    const sponsor = await demoLikeSponsor();
    await t.db.update(users).set({ first_name: 'Dana', last_name: 'W.' }).where(eq(users.id, sponsor.user.id));
    expect((await details(sponsor.token)).json().result.user_name).toBe('Dana W.');
  });

  it('shows a sponsor without a rep empty rep names, details not completed', async () => {
    const sponsor = await signedInSponsor(t);
    expect((await details(sponsor.token)).json().result).toMatchObject({
      srep_id: null,
      sr_fname: '',
      sr_lname: '',
      user_email: sponsor.email,
      details_completed: false,
    });
  });
});

describe('POST /api/sponsoraccount (first-time details)', () => {
  it('answers 401 without a token and 403 to a school', async () => {
    const body = { business_name: 'X', srep_id: rita.user.id };
    expect((await t.api.post('/api/sponsoraccount', { body })).statusCode).toBe(401);
    const school = await signedInSchool(t);
    const res = await save(school.token, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
  });

  it('sets the business name and, when none is assigned, the sales rep', async () => {
    const sponsor = await signedInSponsor(t);
    const res = await save(sponsor.token, { business_name: 'Harbor Print Shop', srep_id: String(marcus.user.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.detailsSaved });
    expect((await details(sponsor.token)).json().result).toMatchObject({
      business_name: 'Harbor Print Shop',
      srep_id: marcus.user.id,
      sr_fname: 'Marcus',
      sr_lname: 'Reed',
      details_completed: true,
    });
  });

  it('does not change a rep staff already assigned', async () => {
    const sponsor = await demoLikeSponsor();
    const res = await save(sponsor.token, { business_name: 'Sunshine Dental Group', srep_id: marcus.user.id });
    expect(res.statusCode).toBe(200);
    expect((await details(sponsor.token)).json().result).toMatchObject({
      business_name: 'Sunshine Dental Group',
      srep_id: rita.user.id,
      sr_fname: 'Rita',
    });
  });

  it('answers 400 on srep_id for an id that is not an active sales rep', async () => {
    const admin = await createStaffUser(t, USER_TYPE.admin);
    const school = await createSchoolUser(t);
    const retired = await createStaffUser(t, USER_TYPE.salesRep);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, retired.user.id));
    const sponsor = await signedInSponsor(t);

    for (const srep_id of [999_999, admin.user.id, school.user.id, sponsor.user.id, retired.user.id]) {
      const res = await save(sponsor.token, { business_name: 'Harbor Print Shop', srep_id });
      expect(res.statusCode, String(srep_id)).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        message: MSG.unknownSalesRep,
        errors: { srep_id: MSG.unknownSalesRep },
      });
    }
    expect(await srepOf(sponsor.user.id)).toBeNull();
    expect((await details(sponsor.token)).json().result).toMatchObject({ business_name: '', details_completed: false });
  });

  it.each([
    ['business_name', { srep_id: 1 }, MSG.businessNameRequired],
    ['business_name', { business_name: ' ', srep_id: 1 }, MSG.businessNameRequired],
    ['srep_id', { business_name: 'Harbor Print Shop' }, 'Sales representative is required'],
    ['srep_id', { business_name: 'Harbor Print Shop', srep_id: '' }, 'Sales representative is required'],
    ['srep_id', { business_name: 'Harbor Print Shop', srep_id: 'abc' }, 'Sales representative is required'],
  ])('answers 400 on %s for %j', async (field, body, message) => {
    const sponsor = await signedInSponsor(t);
    const res = await save(sponsor.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
  });
});

describe('POST /api/sponsoraccount (profile)', () => {
  it('saves the profile and reads it back, with state and county by name', async () => {
    const sponsor = await demoLikeSponsor();
    const body = completeSponsorProfile({ primary_email: sponsor.email, secondary_phone: '(305) 555-0177' });
    const res = await save(sponsor.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.detailsSaved });

    expect((await details(sponsor.token)).json().result).toMatchObject({
      business_name: 'Gulf Coast Hardware',
      phone_number: '7275550190',
      website: 'gulfcoasthardware.example.com',
      address: '45 Main St',
      city: 'Miami',
      state: 'Florida',
      zip: '33101',
      county: 'Miami-Dade',
      primary_name: 'Lee Park',
      primary_email: sponsor.email,
      primary_phone: '7275550191',
      secondary_name: 'Kim Park',
      secondary_email: 'kim@gulfcoasthardware.example.com',
      secondary_phone: '3055550177',
      srep_id: rita.user.id,
    });
  });

  it('stores phone numbers typed with +1, brackets, dots or dashes as their 10 digits', async () => {
    const sponsor = await demoLikeSponsor();
    const body = completeSponsorProfile({
      primary_email: sponsor.email,
      phone_number: '+1 (727) 555-0190',
      primary_phone: '1.727.555.0191',
      secondary_phone: '1-305-555-0177',
    });
    expect((await save(sponsor.token, body)).statusCode).toBe(200);
    expect((await details(sponsor.token)).json().result).toMatchObject({
      phone_number: '7275550190',
      primary_phone: '7275550191',
      secondary_phone: '3055550177',
    });
  });

  it('keeps the sales rep read-only: a srep_id sent with the profile is ignored', async () => {
    const sponsor = await demoLikeSponsor();
    const res = await save(sponsor.token, {
      ...completeSponsorProfile({ primary_email: sponsor.email }),
      srep_id: marcus.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await srepOf(sponsor.user.id)).toBe(rita.user.id);
  });

  it('saves without the optional website and secondary contact', async () => {
    const sponsor = await demoLikeSponsor();
    const body: Record<string, unknown> = completeSponsorProfile({ primary_email: sponsor.email });
    for (const field of ['website', 'secondary_name', 'secondary_email', 'secondary_phone']) delete body[field];
    const res = await save(sponsor.token, body);
    expect(res.statusCode).toBe(200);
    expect((await details(sponsor.token)).json().result).toMatchObject({ website: '', secondary_name: '' });
  });

  it.each([
    ['business_name', MSG.businessNameRequired],
    ['phone_number', MSG.phoneRequired],
    ['address', 'Address is required'],
    ['city', MSG.cityRequired],
    ['state', MSG.stateRequired],
    ['zip', 'Zip code is required'],
    ['county', 'County is required'],
    ['primary_name', 'Primary contact name is required'],
    ['primary_phone', 'Primary contact phone is required'],
  ] as const)('answers 400 when %s is missing or blank: %j', async (field, message) => {
    const sponsor = await demoLikeSponsor();
    const missing: Record<string, unknown> = completeSponsorProfile({ primary_email: sponsor.email });
    delete missing[field];
    for (const body of [missing, completeSponsorProfile({ primary_email: sponsor.email, [field]: '' })]) {
      const res = await save(sponsor.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
    }
    expect((await details(sponsor.token)).json().result.business_name).toBe('Sunshine Dental Care');
  });

  it.each([
    ['primary_email', '', MSG.primaryEmailRequired],
    ['primary_email', 'lee@', MSG.invalidEmail],
    ['website', 'not a website', MSG.websiteInvalid],
    ['phone_number', '727555019', MSG.invalidPhone],
    ['phone_number', '+2 727 555 0190', MSG.invalidPhone],
    ['secondary_email', 'kim@', MSG.invalidEmail],
    ['secondary_phone', '555', MSG.invalidPhone],
    ['business_name', 'B'.repeat(201), tooLong(200)],
    ['address', 'A'.repeat(301), tooLong(300)],
  ] as const)('answers 400 on %s for %j', async (field, value, message) => {
    const sponsor = await demoLikeSponsor();
    const res = await save(sponsor.token, completeSponsorProfile({ primary_email: sponsor.email, [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
  });

  it('answers 400 on county for a county not in the chosen state', async () => {
    const sponsor = await demoLikeSponsor();
    const res = await save(sponsor.token, completeSponsorProfile({ primary_email: sponsor.email, county: 'Cook' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MSG.unknownCounty, errors: { county: MSG.unknownCounty } });
  });

  it('answers 409 on primary_email for another account’s address, changing nothing', async () => {
    const sponsor = await demoLikeSponsor();
    const school = await createSchoolUser(t);
    const res = await save(sponsor.token, {
      ...completeSponsorProfile({ primary_email: school.email }),
      current_password: sponsor.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: MSG.emailInUse, errors: { primary_email: MSG.emailInUse } });
    expect((await details(sponsor.token)).json().result).toMatchObject({
      user_email: sponsor.email,
      business_name: 'Sunshine Dental Care',
    });
  });

  it('changes the login e-mail to a free primary_email', async () => {
    const sponsor = await demoLikeSponsor();
    const body = completeSponsorProfile();
    expect((await save(sponsor.token, { ...body, current_password: sponsor.password })).statusCode).toBe(200);
    expect((await details(sponsor.token)).json().result.user_email).toBe(body.primary_email);

    const old = await t.api.post('/api/login', {
      body: { username: sponsor.email, password: sponsor.password, usertype: 5 },
      remoteAddress: uniqueIp(),
    });
    expect(old.statusCode).toBe(401);
    await signIn(t, { email: body.primary_email, password: sponsor.password }, USER_TYPE.sponsor);

    const notices = await mailsTo(t, sponsor.email);
    expect(notices.map((m) => m.template)).toEqual(['login-email-changed']);
  });

  it('sends no notice when the profile keeps its e-mail', async () => {
    const sponsor = await demoLikeSponsor();
    expect((await save(sponsor.token, completeSponsorProfile({ primary_email: sponsor.email }))).statusCode).toBe(200);
    expect(await mailsTo(t, sponsor.email)).toEqual([]);
  });

  it('writes only the signed-in sponsor’s row', async () => {
    const a = await demoLikeSponsor();
    const b = await demoLikeSponsor();
    const before = (await details(b.token)).json().result;
    expect((await save(a.token, completeSponsorProfile({ primary_email: a.email }))).statusCode).toBe(200);
    expect((await details(a.token)).json().result.business_name).toBe('Gulf Coast Hardware');
    expect((await details(b.token)).json().result).toEqual(before);
  });
});
