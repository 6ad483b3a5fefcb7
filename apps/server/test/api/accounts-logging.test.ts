import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSchoolUser, uniqueEmail } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The logs of sign-in and the calls around it: every secret a client sends or gets back stays out. */

let t: TestApp;
const lines: string[] = [];
const PASSWORD = 'Log-Secret-Pass-4711';
const NEW_PASSWORD = 'Log-Secret-New-0815';
let token: string;
let registeredToken: string;
let schoolUserId: number;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream });

  const school = await createSchoolUser(t, { password: PASSWORD });
  schoolUserId = school.user.id;
  const json = await t.api.post('/api/login', { body: { username: school.email, password: PASSWORD, usertype: 4 } });
  expect(json.statusCode).toBe(200);
  token = json.json().token;
  const form = await t.api.post('/api/login', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: school.email, password: PASSWORD, usertype: '4' }).toString(),
  });
  expect(form.statusCode).toBe(200);
  // A refused sign-in is logged too ("request refused"): still without the password.
  const refused = await t.api.post('/api/login', { body: { username: school.email, password: PASSWORD, usertype: 5 } });
  expect(refused.statusCode).toBe(403);

  const registered = await t.api.post('/api/loginnewreg', {
    body: { email: uniqueEmail('logged'), password: PASSWORD },
  });
  registeredToken = registered.json().token;

  await t.api.get(`/api/headerinfo?token=${encodeURIComponent(token)}`);
  await t.api.get('/api/schooldetails', { headers: bearer(registeredToken) });
  const change = { current_password: PASSWORD, npassword: NEW_PASSWORD, cpassword: NEW_PASSWORD, token };
  expect((await t.api.post('/api/setpasswordn', { body: change })).statusCode).toBe(200);
  await t.api.post('/api/setpassword', {
    body: { npassword: NEW_PASSWORD, cpassword: `${NEW_PASSWORD}x`, securitykey: 'Log-Secret-Key-1234' },
  });
  await t.api.post('/api/logout', { body: { token } });
});
afterAll(() => t?.close());

describe('POST /api/login logs', () => {
  it('record the sign-in requests', () => {
    const urls = lines.map((line) => (JSON.parse(line) as { url?: string }).url).filter(Boolean);
    expect(urls).toContain('/api/login');
    expect(urls).toContain('/api/headerinfo?token=[REDACTED]');
  });

  it('never contain the password, the returned token or a reset key', () => {
    expect(token).toBeTruthy();
    expect(registeredToken).toBeTruthy();
    for (const secret of [PASSWORD, NEW_PASSWORD, token, registeredToken, 'Log-Secret-Key-1234']) {
      for (const line of lines) expect(line, 'a secret leaked into the log').not.toContain(secret);
    }
    expect(lines.join('\n')).not.toContain(encodeURIComponent(token));
  });
});

describe('access lines of signed-in calls', () => {
  const accessLines = () =>
    lines
      .map((line) => JSON.parse(line) as { msg?: string; url?: string; user_id?: unknown })
      .filter((line) => line.msg === 'request');

  it('carry the id of the user whose session the call resolved', () => {
    const headerInfo = accessLines().find((line) => line.url === '/api/headerinfo?token=[REDACTED]');
    expect(headerInfo?.user_id).toBe(schoolUserId);
    const details = accessLines().find((line) => line.url === '/api/schooldetails');
    expect(details?.user_id).toEqual(expect.any(Number));
    expect(details?.user_id).not.toBe(schoolUserId);
  });

  it('carry none for a call that resolved no session, a sign-in among them', () => {
    const signIns = accessLines().filter((line) => line.url === '/api/login');
    expect(signIns.length).toBeGreaterThan(0);
    for (const line of signIns) expect(line).not.toHaveProperty('user_id');
  });
});
