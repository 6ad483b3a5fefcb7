import { Writable } from 'node:stream';
import { XSRF_COOKIE } from '@portal/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSponsorshipPayLink } from '../../src/modules/sponsorships/create-sponsorship-pay-link.ts';
import { createSponsorUser } from '../helpers/accounts.ts';
import { expectLoggedError } from '../helpers/logged-errors.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SECRETS = [
  'secret-token-123',
  'secret-token-456',
  'secret-cookie-000',
  'secret-key-789',
  'secret-pass-222',
  'secret-xsrf-111',
  'secret-reset-333',
];

interface LogLine {
  reqId?: string;
  msg?: string;
  [key: string]: unknown;
}

let t: TestApp;
const lines: string[] = [];
const requestIds: string[] = [];
/** A real pay link's key, opened as a payer would. */
let payLinkKey = '';

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream,
    routes(app) {
      app.get('/api/test/fail', async () => {
        throw new Error('failed while handling a request');
      });
    },
  });

  // The route that throws: its failure is logged as an error, as it should be.
  expectLoggedError('failed while handling a request');
  const token = await t.api.xsrfToken();
  const cookies = { session: 'secret-cookie-000', [XSRF_COOKIE]: token };
  const responses = [
    await t.api.get('/api/health', { headers: { authorization: 'Bearer secret-token-123' }, cookies }),
    await t.api.get('/api/page?page_id=1&token=secret-token-456', { cookies }),
    await t.api.get('/api/page?page_id=abc&password=secret-pass-222&securitykey=secret-reset-333'),
    await t.api.get('/set-password/secret-key-789'),
    await t.api.get('/set-password/secret-key-789?token=secret-token-456'),
    await t.api.get('/api/test/fail?token=secret-token-456', { headers: { authorization: 'Bearer secret-token-123' } }),
    await t.api.post('/api/whatever', { xsrfHeader: 'secret-xsrf-111', cookies }),
    await t.api.post('/api/whatever', { body: { password: 'secret-pass-222', token: 'secret-token-123' } }),
  ];
  for (const res of responses) requestIds.push(String(res.headers['x-request-id']));

  const sponsor = await createSponsorUser(t);
  const sponsorship = await sponsorshipOf(t, sponsor.user.id, 10_000);
  payLinkKey = (await createSponsorshipPayLink(t.ctx, { sponsorshipId: sponsorship.id })).linkKey;
  const opened = [
    await t.api.get(`/sponsorship-pay/${payLinkKey}`),
    await t.api.get(`/api/sponsorshippaylink?link_key=${payLinkKey}`),
  ];
  for (const res of opened) {
    expect(res.statusCode, res.body).toBe(200);
    requestIds.push(String(res.headers['x-request-id']));
  }
});
afterAll(() => t?.close());

function parsed(): LogLine[] {
  return lines.map((line) => JSON.parse(line) as LogLine);
}

describe('request logs', () => {
  it('are written, one JSON object a line, one line a request', () => {
    expect(lines.length).toBeGreaterThanOrEqual(requestIds.length);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it('never contain tokens, cookies, passwords or reset keys', () => {
    for (const line of lines) {
      for (const secret of SECRETS) expect(line, `${secret} leaked into the log`).not.toContain(secret);
    }
    expect(lines.some((line) => line.includes('[REDACTED]'))).toBe(true);
  });

  it('never contain a pay link’s key, in its page’s path or its API call’s query', () => {
    expect(payLinkKey).toMatch(/^[\w-]{43}$/);
    for (const line of lines) expect(line, 'a pay link key leaked into the log').not.toContain(payLinkKey);
    const urls = parsed().flatMap((l) => (l.msg === 'request' && typeof l.url === 'string' ? [l.url] : []));
    expect(urls).toContain('/sponsorship-pay/[REDACTED]');
    expect(urls).toContain('/api/sponsorshippaylink?link_key=[REDACTED]');
  });

  it('still show which path was asked for', () => {
    const urls = parsed().flatMap((l) => (typeof l.url === 'string' ? [l.url] : []));
    expect(urls).toContain('/set-password/[REDACTED]');
    expect(urls).toContain('/api/page?page_id=1&token=[REDACTED]');
  });

  it('carry the request id, the same that the answer carries', () => {
    const logged = parsed();
    for (const line of logged) expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
    const loggedIds = new Set(logged.map((l) => l.reqId));
    for (const id of requestIds) expect(loggedIds.has(id), id).toBe(true);
  });

  it("have pino's fields: level, time, pid, hostname, reqId, then method, url, status, ms and msg", () => {
    const access = parsed().find((l) => l.msg === 'request' && l.url === '/api/health');
    expect(access).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: requestIds[0],
      method: 'GET',
      url: '/api/health',
      status: 200,
      ms: expect.any(Number),
      msg: 'request',
    });
    expect(Math.abs(Number(access?.time) - Date.now())).toBeLessThan(60_000);
  });

  it('record an unexpected error with its request id', () => {
    const failed = parsed().find((l) => l.msg === 'request failed');
    expect(failed).toBeDefined();
    expect(failed?.level).toBe(50);
    expect(requestIds).toContain(failed?.reqId);
  });
});
