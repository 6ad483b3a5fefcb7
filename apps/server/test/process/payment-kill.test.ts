import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { SponsorshipConfirmResponse } from '@portal/contracts/sponsorships';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.ts';
import { audit_log, payment_allocations, payments } from '../../src/db/schema/index.ts';
import { reconcilePayments } from '../../src/modules/payments/reconcile-payments.ts';
import { bearer, signedInSponsor } from '../helpers/accounts.ts';
import { gatewaySession, paidAtGatewayOnly, startedMinutesAgo } from '../helpers/faulty-gateway.ts';
import { CARDS, futureExpiry } from '../helpers/hosted-page.ts';
import { type ServerProcess, spawnServer } from '../helpers/server-process.ts';
import { sponsorReceipts, sponsorshipOf, storedSponsorship } from '../helpers/sponsorships.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A real server process killed (SIGKILL) with card payments under way, and started again on
 * the same database: what the payer does at the gateway afterwards is recorded once. The
 * in-process app beside it is another server on that database (fixtures, the reconciliation).
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-payment-kill-'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Running extends ServerProcess {
  base: string;
}

async function startServer(): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: t.database.url,
    PUBLIC_URL: base,
    NODE_ENV: 'development',
    SEED_DEMO: '0',
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${server.output()}`)), 45_000);
    const check = setInterval(() => {
      if (server.output().includes('Press Ctrl-C to stop.')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    server.child.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${server.output()}`));
    });
  });
  return { ...server, base };
}

function kill(server: Running, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill(signal);
  return exited;
}

/** Any double-submit pair will do: the check is that cookie and header agree. */
const XSRF = 'payment-kill-test-token';

async function startPayment(server: Running, token: string, sponsorshipId: number, amount: string) {
  const res = await fetch(`${server.base}/api/sponsorshippayment`, {
    method: 'POST',
    headers: {
      ...bearer(token),
      'content-type': 'application/json',
      cookie: `${XSRF_COOKIE}=${XSRF}`,
      [XSRF_HEADER]: XSRF,
    },
    body: JSON.stringify({ sponsorship_id: String(sponsorshipId), amount }),
  });
  const body = (await res.json()) as { paymentLink?: string };
  return { status: res.status, link: body.paymentLink ?? '' };
}

/** The payer on the gateway's hosted page, served by `server`: opened, then paid with the good card. */
async function payOnHostedPage(server: Running, link: string) {
  const pagePath = new URL(link).pathname;
  const page = await fetch(`${server.base}${pagePath}`);
  expect(page.status).toBe(200);
  const token = /name="form_token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  return fetch(`${server.base}${pagePath}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card_number: CARDS.paid,
      expiry: futureExpiry(),
      cvc: '123',
      name: 'Dana Whitfield',
      form_token: token,
    }).toString(),
  });
}

const refOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

const paymentsBy = (userId: number) => t.db.select().from(payments).where(eq(payments.user_id, userId));

const paymentOfRef = async (ref: string) => {
  const [row] = await t.db.select().from(payments).where(eq(payments.gateway_ref, ref));
  if (!row) throw new Error(`no payment for ${ref}`);
  return row;
};

describe('a server killed with card payments under way', () => {
  it('records once, after the restart, the payments it had started; nothing half-written', async () => {
    const sponsor = await signedInSponsor(t);
    const ships = [];
    for (let i = 0; i < 6; i++) ships.push(await sponsorshipOf(t, sponsor.user.id, 30_000));
    const [first, second, ...rest] = ships;
    if (!first || !second) throw new Error('no sponsorships');

    const a = await startServer();
    let acknowledged: Array<{ id: number; link: string }>;
    try {
      // Two payments started and their checkouts opened: the sponsor is on the gateway's page.
      const one = await startPayment(a, sponsor.token, first.id, '120.00');
      const two = await startPayment(a, sponsor.token, second.id, '50.00');
      expect([one.status, two.status]).toEqual([200, 200]);
      // More starting as the server is killed.
      const inFlight = rest.map((s) =>
        startPayment(a, sponsor.token, s.id, '75.00').then(
          (r) => ({ id: s.id, ...r }),
          () => ({ id: s.id, status: 0, link: '' }),
        ),
      );
      // Killed as soon as the first of them is written, the others still on their way.
      await expect
        .poll(async () => (await paymentsBy(sponsor.user.id)).length, { timeout: 10_000, interval: 2 })
        .toBeGreaterThan(2);
      await kill(a, 'SIGKILL');
      acknowledged = (await Promise.all(inFlight)).filter((r) => r.status === 200);
      acknowledged.unshift({ id: first.id, ...one }, { id: second.id, ...two });
    } finally {
      await kill(a, 'SIGKILL');
    }

    // Nothing half-written: every payment written pays exactly its allocations.
    const written = await t.db.select().from(payments).where(eq(payments.user_id, sponsor.user.id));
    for (const payment of written) {
      const allocations = await t.db
        .select()
        .from(payment_allocations)
        .where(eq(payment_allocations.payment_id, payment.id));
      expect(allocations.reduce((sum, x) => sum + x.amount_cents, 0)).toBe(payment.amount_cents);
      expect(payment.status).not.toBe('succeeded');
    }
    // Every start the sponsor was answered has its checkout at the gateway.
    for (const started of acknowledged) {
      const ref = refOf(started.link);
      expect((await paymentOfRef(ref)).status).toBe('pending');
      expect((await gatewaySession(t, ref)).status).toBe('open');
    }

    const b = await startServer();
    try {
      // The sponsor pays the first on the gateway's page after the restart, and comes back.
      const paid = await payOnHostedPage(b, acknowledged[0]?.link ?? '');
      expect(paid.status).toBe(303);
      const firstPayment = await paymentOfRef(refOf(acknowledged[0]?.link ?? ''));
      const back = await fetch(`${b.base}/api/sponsorshipconfirm?payment_key=${firstPayment.payment_key}`, {
        headers: bearer(sponsor.token),
      });
      expect(back.status).toBe(200);
      expect(SponsorshipConfirmResponse.parse(await back.json())).toMatchObject({
        sponsorship_id: first.id,
        payment_result: 'paid',
      });

      // The second was paid at the gateway while the server was down, and its notice never came.
      const secondRef = refOf(acknowledged[1]?.link ?? '');
      await paidAtGatewayOnly(t, secondRef);
      for (const payment of written) await startedMinutesAgo(t, payment.id, 16);
      await Promise.all([reconcilePayments(t.ctx), reconcilePayments(t.ctx)]);
    } finally {
      await kill(b, 'SIGINT');
    }

    expect(await storedSponsorship(t, first.id)).toMatchObject({ paid_cents: 12_000, status: 'Partial' });
    expect(await storedSponsorship(t, second.id)).toMatchObject({ paid_cents: 5_000, status: 'Partial' });
    for (const s of rest) expect((await storedSponsorship(t, s.id)).paid_cents).toBe(0);
    const after = await t.db
      .select({ id: payments.id, status: payments.status, amount: payments.amount_cents })
      .from(payments)
      .where(and(eq(payments.user_id, sponsor.user.id), eq(payments.status, 'succeeded')));
    expect(after.map((p) => p.amount).sort((x, y) => x - y)).toEqual([5_000, 12_000]);
    expect(await sponsorReceipts(t, sponsor.email)).toHaveLength(2);
    const audits = await t.db
      .select()
      .from(audit_log)
      .where(
        and(
          eq(audit_log.entity, 'payment'),
          eq(audit_log.action, 'paid'),
          inArray(
            audit_log.entity_id,
            after.map((p) => String(p.id)),
          ),
        ),
      );
    expect(audits).toHaveLength(2);
    // What was cut off before its checkout opened is given up; what has a checkout is still payable.
    for (const payment of await t.db.select().from(payments).where(eq(payments.user_id, sponsor.user.id))) {
      if (payment.status === 'succeeded') continue;
      expect(payment.status).toBe(payment.gateway_ref ? 'pending' : 'failed');
    }
  }, 120_000);
});
