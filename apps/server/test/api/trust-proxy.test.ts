import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, rate_limits } from '../../src/db/schema/index.ts';
import { LIMITS } from '../../src/lib/rate-limit.ts';
import { awayFromWindowEdge, uniqueEmail } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Which address the server took a request to come from: by its sign-in limit's counter and its audit row. */
async function addressesSeen(t: TestApp, email: string) {
  const rows = await t.db
    .select({ ip: audit_log.ip })
    .from(audit_log)
    .where(and(eq(audit_log.action, 'sign_in_failed'), eq(audit_log.entity_id, email)));
  return rows.map((row) => row.ip);
}

async function counted(t: TestApp, ip: string) {
  const [row] = await t.db
    .select({ hits: rate_limits.hits })
    .from(rate_limits)
    .where(eq(rate_limits.key, `${LIMITS.loginPerIp.name}:${ip}`));
  return row?.hits ?? 0;
}

function failedSignIn(t: TestApp, email: string, remoteAddress: string, forwardedFor?: string) {
  return t.api.post('/api/login', {
    body: { username: email, password: 'guess', usertype: 4 },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

describe('POST /api/login from a client that writes its own X-Forwarded-For, with TRUST_PROXY unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('takes the connection’s address, for the limits and the audit log alike', async () => {
    const email = uniqueEmail('forged');
    const res = await failedSignIn(t, email, '203.0.113.50', '198.51.100.1');
    expect(res.statusCode).toBe(401);
    expect(await addressesSeen(t, email)).toEqual(['203.0.113.50']);
    expect(await counted(t, '203.0.113.50')).toBe(1);
    expect(await counted(t, '198.51.100.1')).toBe(0);
  });

  it('cannot slip past the limit by writing a new address each time', async () => {
    await awayFromWindowEdge(LIMITS.loginPerIp.windowMs);
    const socket = '203.0.113.51';
    for (let attempt = 1; attempt <= LIMITS.loginPerIp.max; attempt++) {
      const res = await failedSignIn(t, uniqueEmail('forged'), socket, `198.51.100.${attempt}`);
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const refused = await failedSignIn(t, uniqueEmail('forged'), socket, '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'error', message: MSG.rateLimited });
  }, 60_000);
});

describe('POST /api/login behind one proxy, with TRUST_PROXY=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t?.close());

  it('takes the address the proxy appended, the header’s last, whatever the client wrote before it', async () => {
    const email = uniqueEmail('proxied');
    const res = await failedSignIn(t, email, '10.0.0.5', '198.51.100.7, 192.0.2.9');
    expect(res.statusCode).toBe(401);
    expect(await addressesSeen(t, email)).toEqual(['192.0.2.9']);
    expect(await counted(t, '192.0.2.9')).toBe(1);
    expect(await counted(t, '198.51.100.7')).toBe(0);
    expect(await counted(t, '10.0.0.5')).toBe(0);
  });

  it('takes the connection’s address for a request that came with no header', async () => {
    const email = uniqueEmail('direct');
    await failedSignIn(t, email, '10.0.0.6');
    expect(await addressesSeen(t, email)).toEqual(['10.0.0.6']);
  });
});

describe('POST /api/login behind proxies named by address, with TRUST_PROXY=10.0.0.0/8', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => t?.close());

  it('believes the named proxies, through as many as there are, and no one else', async () => {
    const viaTwo = uniqueEmail('two-proxies');
    await failedSignIn(t, viaTwo, '10.0.0.5', '198.51.100.7, 192.0.2.9, 10.0.0.9');
    expect(await addressesSeen(t, viaTwo)).toEqual(['192.0.2.9']);

    const notAProxy = uniqueEmail('not-a-proxy');
    await failedSignIn(t, notAProxy, '203.0.113.52', '192.0.2.10');
    expect(await addressesSeen(t, notAProxy)).toEqual(['203.0.113.52']);
  });
});
