import { USER_TYPE } from '@portal/contracts/constants';
import { MSG, tooLong } from '@portal/contracts/messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, schools } from '../../src/db/schema/index.ts';
import {
  bearer,
  completeSchoolBody,
  createSponsorUser,
  mailsTo,
  signedInSchool,
  signedInSponsor,
  signIn,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const details = (token: string) => t.api.get('/api/schooldetails', { headers: bearer(token) });
const save = (token: string, body: unknown) => t.api.post('/api/schoolaccount', { headers: bearer(token), body });

/** A school just registered through the API, with an empty school record. */
async function registeredSchool() {
  const email = uniqueEmail('registered');
  const res = await t.api.post('/api/loginnewreg', { body: { email, password: 'lakeview-key-1' } });
  expect(res.statusCode).toBe(200);
  return { email, password: 'lakeview-key-1', token: res.json().token as string };
}

/** A school signed in, its details still empty as after registering (cheaper than registering). */
const newSchool = () => signedInSchool(t);

describe('GET /api/schooldetails', () => {
  it('answers 401 without a token', async () => {
    const res = await t.api.get('/api/schooldetails');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MSG.unauthorized });
  });

  it('answers 403 to a sponsor', async () => {
    const sponsor = await signedInSponsor(t);
    const res = await details(sponsor.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
  });

  it('shows a newly registered school its login e-mail, details not yet completed', async () => {
    const school = await registeredSchool();
    const res = await details(school.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      result: {
        user_email: school.email,
        school_name: '',
        state: '',
        county: '',
        dist_calendar: null,
        avg_enrollment: null,
        status: 1,
        details_completed: false,
      },
    });
  });

  it('takes the token as the spec’s ?token= field', async () => {
    const school = await newSchool();
    const res = await t.api.get(`/api/schooldetails?token=${encodeURIComponent(school.token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.user_email).toBe(school.email);
  });

  it('shows a seeded school its details, with state and county by name', async () => {
    const school = await signedInSchool(t, { school_name: 'Bayshore Elementary School', city: 'Tampa' });
    const res = await details(school.token);
    expect(res.json().result).toMatchObject({
      school_name: 'Bayshore Elementary School',
      city: 'Tampa',
      user_email: school.email,
    });
  });
});

describe('POST /api/schoolaccount', () => {
  it('answers 401 without a token and 403 to a sponsor, saving nothing', async () => {
    const anonymous = await t.api.post('/api/schoolaccount', { body: completeSchoolBody() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 'error', message: MSG.unauthorized });

    const sponsor = await signedInSponsor(t);
    const res = await save(sponsor.token, completeSchoolBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
  });

  it('saves every field of the details form and reads them back, details now completed', async () => {
    const school = await newSchool();
    const body = completeSchoolBody({
      primary_email: school.email,
      secondary_name: 'Alex Kim',
      secondary_position: 'Assistant Principal',
      secondary_email: 'alex.kim@lakeview.example.org',
      secondary_phone: '813.555.0125',
      secondary_phone2: '7',
    });
    const res = await save(school.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.detailsSaved });

    const read = await details(school.token);
    expect(read.json().result).toEqual({
      school_name: 'Lakeview Middle School',
      address: '200 Lakeview Dr',
      city: 'Tampa',
      state: 'Florida',
      zip: '33602',
      county: 'Hillsborough',
      dist_calendar: 1,
      phone: '8135550123',
      website: 'https://lakeview.example.org',
      avg_enrollment: 450,
      hod_name: 'Dr. Maria Lopez',
      hod_email: 'principal@lakeview.example.org',
      primary_name: 'Sam Carter',
      primary_position: 'Office Manager',
      primary_phone: '8135550124',
      primary_phone2: '12',
      secondary_name: 'Alex Kim',
      secondary_position: 'Assistant Principal',
      secondary_email: 'alex.kim@lakeview.example.org',
      secondary_phone: '8135550125',
      secondary_phone2: '7',
      status: 1,
      ref_code: '',
      user_email: school.email,
      details_completed: true,
    });
  });

  it('reads a URL-encoded form with the token in the body, as the spec’s client sends it', async () => {
    const school = await newSchool();
    const fields = Object.fromEntries(
      Object.entries(completeSchoolBody({ primary_email: school.email, dist_calendar: '0', avg_enrollment: '' })).map(
        ([k, v]) => [k, String(v)],
      ),
    );
    const res = await t.api.post('/api/schoolaccount', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, token: school.token }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect((await details(school.token)).json().result).toMatchObject({
      dist_calendar: 0,
      avg_enrollment: null,
      details_completed: true,
    });
  });

  it('accepts state and county names in any case, and a county of another state only there', async () => {
    const school = await newSchool();
    const lower = await save(
      school.token,
      completeSchoolBody({ primary_email: school.email, state: 'florida', county: 'miami-dade' }),
    );
    expect(lower.statusCode).toBe(200);
    expect((await details(school.token)).json().result).toMatchObject({ state: 'Florida', county: 'Miami-Dade' });

    const elsewhere = await save(
      school.token,
      completeSchoolBody({ primary_email: school.email, state: 'Texas', county: 'Harris' }),
    );
    expect(elsewhere.statusCode).toBe(200);
    expect((await details(school.token)).json().result).toMatchObject({ state: 'Texas', county: 'Harris' });
  });

  it('answers 400 on county for a county not in the chosen state, and on state for an unknown state', async () => {
    const school = await newSchool();
    const county = await save(school.token, completeSchoolBody({ primary_email: school.email, county: 'Harris' }));
    expect(county.statusCode).toBe(400);
    expect(county.json()).toEqual({
      status: 'error',
      message: MSG.unknownCounty,
      errors: { county: MSG.unknownCounty },
    });

    const state = await save(school.token, completeSchoolBody({ primary_email: school.email, state: 'Atlantis' }));
    expect(state.statusCode).toBe(400);
    expect(state.json()).toEqual({ status: 'error', message: MSG.unknownState, errors: { state: MSG.unknownState } });

    expect((await details(school.token)).json().result.details_completed).toBe(false);
  });

  it.each([
    ['school_name', 'School Name is required'],
    ['address', 'Address is required'],
    ['city', MSG.cityRequired],
    ['state', MSG.stateRequired],
    ['zip', 'Zip code is required'],
    ['county', 'County is required'],
    ['dist_calendar', MSG.required],
    ['phone', MSG.phoneRequired],
    ['website', 'Website is required'],
    ['hod_name', 'Principal or head of school name is required'],
    ['hod_email', 'Principal or head of school email is required'],
    ['primary_name', 'Primary contact name is required'],
    ['primary_position', 'Primary contact position is required'],
    ['primary_email', 'Primary contact email is required'],
    ['primary_phone', 'Primary contact phone is required'],
  ] as const)('answers 400 when %s is missing or blank: %j', async (field, message) => {
    const school = await newSchool();
    const missing: Record<string, unknown> = completeSchoolBody({ primary_email: school.email });
    delete missing[field];
    for (const body of [missing, completeSchoolBody({ primary_email: school.email, [field]: '  ' })]) {
      const res = await save(school.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
    }
    expect((await details(school.token)).json().result.details_completed).toBe(false);
  });

  it('saves without the optional fields: secondary contact, extensions and enrolment', async () => {
    const school = await newSchool();
    const body: Record<string, unknown> = completeSchoolBody({ primary_email: school.email });
    for (const field of [
      'avg_enrollment',
      'primary_phone2',
      'secondary_name',
      'secondary_position',
      'secondary_email',
      'secondary_phone',
      'secondary_phone2',
      'status',
    ]) {
      delete body[field];
    }
    const res = await save(school.token, body);
    expect(res.statusCode).toBe(200);
    expect((await details(school.token)).json().result).toMatchObject({ avg_enrollment: null, secondary_name: '' });
  });

  it.each(['not a url', 'http://localhost', 'example', 'ftp://example.com', 'https://example.toolong', 'exa mple.com'])(
    'refuses the website %j: Website URL is not correct',
    async (website) => {
      const school = await newSchool();
      const res = await save(school.token, completeSchoolBody({ primary_email: school.email, website }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        message: MSG.websiteInvalid,
        errors: { website: MSG.websiteInvalid },
      });
    },
  );

  it.each(['www.example.com', 'example.co', 'http://example.com:8080/about/us', 'HTTPS://Sub.Example.Info/path?x=1'])(
    'accepts the website %j',
    async (website) => {
      const school = await newSchool();
      const res = await save(school.token, completeSchoolBody({ primary_email: school.email, website }));
      expect(res.statusCode).toBe(200);
      expect((await details(school.token)).json().result.website).toBe(website);
    },
  );

  it.each(['0', 0, '1.5', 1.5, '-3', 'abc'])(
    'refuses avg_enrollment %j: Please enter a whole number',
    async (value) => {
      const school = await newSchool();
      const res = await save(school.token, completeSchoolBody({ primary_email: school.email, avg_enrollment: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        message: MSG.wholeNumber,
        errors: { avg_enrollment: MSG.wholeNumber },
      });
    },
  );

  it('accepts avg_enrollment 1 and a whole number sent as a string', async () => {
    const school = await newSchool();
    expect(
      (await save(school.token, completeSchoolBody({ primary_email: school.email, avg_enrollment: 1 }))).statusCode,
    ).toBe(200);
    expect((await details(school.token)).json().result.avg_enrollment).toBe(1);
    expect(
      (await save(school.token, completeSchoolBody({ primary_email: school.email, avg_enrollment: '1200' })))
        .statusCode,
    ).toBe(200);
    expect((await details(school.token)).json().result.avg_enrollment).toBe(1200);
  });

  it.each([
    ['phone', '12345', MSG.invalidPhone],
    ['phone', '813555012', MSG.invalidPhone],
    ['phone', '81355501234', MSG.invalidPhone],
    ['phone', '+2 (813) 555-0142', MSG.invalidPhone],
    ['primary_phone', '813-555-01ab', MSG.invalidPhone],
    ['secondary_phone', '12345', MSG.invalidPhone],
    ['zip', '3360', 'Please enter a valid zip code'],
    ['hod_email', 'not-an-email', MSG.invalidEmail],
    ['hod_email', 'principal@', MSG.invalidEmail],
    ['primary_email', 'sam@', MSG.invalidEmail],
    ['secondary_email', 'alex@', MSG.invalidEmail],
    ['dist_calendar', '2', MSG.required],
    ['school_name', 'S'.repeat(201), tooLong(200)],
    ['address', 'A'.repeat(301), tooLong(300)],
    ['secondary_name', 'N'.repeat(201), tooLong(200)],
    ['primary_phone2', '12345678901', tooLong(10)],
    ['primary_phone2', '12a', MSG.digitsOnly],
  ] as const)('refuses %s %j with its message', async (field, value, message) => {
    const school = await newSchool();
    const res = await save(school.token, completeSchoolBody({ primary_email: school.email, [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
  });

  it('stores phone numbers typed the usual US ways as their 10 digits', async () => {
    const school = await newSchool();
    const res = await save(
      school.token,
      completeSchoolBody({
        primary_email: school.email,
        phone: '+1 (813) 555-0142',
        primary_phone: '1-813-555-0110',
        secondary_phone: '813.555.0199',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect((await details(school.token)).json().result).toMatchObject({
      phone: '8135550142',
      primary_phone: '8135550110',
      secondary_phone: '8135550199',
    });
    const [row] = await t.db.select().from(schools).where(eq(schools.user_id, school.user.id));
    expect(row).toMatchObject({ phone: '8135550142', primary_phone: '8135550110', secondary_phone: '8135550199' });
  });

  it('answers 409 on primary_email for another account’s address, changing nothing', async () => {
    const school = await newSchool();
    const other = await createSponsorUser(t);
    for (const email of [other.email, other.email.toUpperCase()]) {
      const res = await save(
        school.token,
        completeSchoolBody({ primary_email: email, current_password: school.password }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        status: 'error',
        message: MSG.emailInUse,
        errors: { primary_email: MSG.emailInUse },
      });
    }
    expect((await details(school.token)).json().result).toMatchObject({
      user_email: school.email,
      school_name: '',
      details_completed: false,
    });
  });

  it('changes the login e-mail to a free primary_email: the school then signs in with the new one', async () => {
    const school = await newSchool();
    const newEmail = uniqueEmail('moved');
    const res = await save(
      school.token,
      completeSchoolBody({ primary_email: newEmail.toUpperCase(), current_password: school.password }),
    );
    expect(res.statusCode).toBe(200);
    expect((await details(school.token)).json().result.user_email).toBe(newEmail);

    const old = await t.api.post('/api/login', {
      body: { username: school.email, password: school.password, usertype: 4 },
      remoteAddress: uniqueIp(),
    });
    expect(old.statusCode).toBe(401);
    await signIn(t, { email: newEmail, password: school.password }, USER_TYPE.school);

    // The old address is free again.
    expect((await t.api.get(`/api/checkemail?email=${encodeURIComponent(school.email)}`)).statusCode).toBe(200);
  });

  it('tells the old address that the login e-mail changed, and nobody when it did not', async () => {
    const school = await newSchool();
    expect(
      (await save(school.token, completeSchoolBody({ primary_email: school.email.toUpperCase() }))).statusCode,
    ).toBe(200);
    expect(await mailsTo(t, school.email)).toEqual([]);

    const newEmail = uniqueEmail('moved');
    const moved = completeSchoolBody({ primary_email: newEmail, current_password: school.password });
    expect((await save(school.token, moved)).statusCode).toBe(200);
    const [notice, ...more] = await mailsTo(t, school.email);
    expect(more).toEqual([]);
    expect(notice?.template).toBe('login-email-changed');
    expect(notice?.subject).toBe('Your School Planner Savings sign-in e-mail was changed');
    // The new address is named only in part: the message goes to an address that may no longer be the owner's.
    expect(notice?.text).toContain(`${newEmail[0]}***@${newEmail.split('@')[1]}`);
    expect(notice?.text).not.toContain(newEmail);
    expect(notice?.html).toContain('support@');
    expect(await mailsTo(t, newEmail)).toEqual([]);
    // Queued in the transaction that changed the address: the same instant as its audit row.
    const [change] = await t.db
      .select({ at: audit_log.created_at })
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'school'), eq(audit_log.entity_id, String(school.user.id))))
      .orderBy(desc(audit_log.id))
      .limit(1);
    expect(notice?.created_at.getTime()).toBe(change?.at.getTime());
  });

  it('writes only the signed-in school’s row', async () => {
    const a = await signedInSchool(t, { school_name: 'School A' });
    const b = await signedInSchool(t, { school_name: 'School B', city: 'Orlando' });
    const before = (await details(b.token)).json().result;

    const res = await save(a.token, completeSchoolBody({ primary_email: a.email, school_name: 'School A, renamed' }));
    expect(res.statusCode).toBe(200);

    expect((await details(a.token)).json().result.school_name).toBe('School A, renamed');
    expect((await details(b.token)).json().result).toEqual(before);
    const [rowB] = await t.db.select().from(schools).where(eq(schools.user_id, b.user.id));
    expect(rowB).toMatchObject({ school_name: 'School B', city: 'Orlando', details_completed_at: null });
  });

  it('keeps the first completion time when the profile is saved again', async () => {
    const school = await signedInSchool(t);
    await save(school.token, completeSchoolBody({ primary_email: school.email }));
    const [first] = await t.db.select().from(schools).where(eq(schools.user_id, school.user.id));
    await save(school.token, completeSchoolBody({ primary_email: school.email, city: 'Brandon' }));
    const [second] = await t.db.select().from(schools).where(eq(schools.user_id, school.user.id));
    expect(second?.city).toBe('Brandon');
    expect(second?.details_completed_at).toEqual(first?.details_completed_at);
  });

  it('is refused without the anti-forgery header', async () => {
    const school = await newSchool();
    const res = await t.api.post('/api/schoolaccount', {
      headers: bearer(school.token),
      body: completeSchoolBody({ primary_email: school.email }),
      xsrfHeader: null,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.xsrf });
    expect((await details(school.token)).json().result.details_completed).toBe(false);
  });
});
