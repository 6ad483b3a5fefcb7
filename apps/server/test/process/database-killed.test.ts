import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.ts';
import { PLANNER } from '../helpers/orders.ts';
import {
  asNewVisitor,
  type HttpAnswer,
  ok,
  PortalHttp,
  registerSchool,
  reservation,
  startOrder,
} from '../helpers/portal-http.ts';
import { embeddedDatabase, endServer, type StartedServer, startServer } from '../helpers/server-process.ts';

/**
 * The server on its embedded PostgreSQL, as one machine runs it: the database killed under
 * it (started again by the server, which serves what it holds in memory meanwhile), and the
 * server itself killed in the middle of saves (started again on the same data directory).
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-db-killed-'));
// Each of the bursts' registrations comes from a school of its own, as behind the site's proxy.
const env = { DATA_DIR: dataDir, NODE_ENV: 'development', TRUST_PROXY: '1' };
let server: StartedServer;

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: embeddedDatabase(dataDir).url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function until<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check().catch(() => undefined);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}:\n${server.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ready = async (http: PortalHttp) => (await http.get('/api/ready').catch(() => undefined))?.status;

/** Kills the postmaster the server started, as `kill -9` would. */
function killDatabase(): { pid: number; port: number } {
  const { pid, url } = embeddedDatabase(dataDir);
  process.kill(pid, 'SIGKILL');
  return { pid, port: Number(new URL(url).port) };
}

/**
 * Holds the database's port once the killed postmaster has let it go, turning every
 * connection away, so that the server cannot start PostgreSQL again until it is released.
 */
async function holdPort(port: number): Promise<() => Promise<void>> {
  const sockets = new Set<net.Socket>();
  const holder = net.createServer((socket) => socket.destroy());
  holder.on('connection', (socket) => sockets.add(socket));
  const deadline = Date.now() + 5_000;
  for (;;) {
    const bound = await new Promise<boolean>((resolve) => {
      holder.once('error', () => resolve(false));
      holder.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) break;
    if (Date.now() > deadline) throw new Error(`port ${port} was not let go`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return () => new Promise<void>((resolve) => holder.close(() => resolve()));
}

const isUnavailable = (answer: HttpAnswer) =>
  answer.status === 503 &&
  JSON.stringify(answer.body) === JSON.stringify({ status: 'error', message: MSG.databaseUnavailable });

/** One school saving its reservation again and again, one save at a time, with the planners it asked for each time. */
interface Saver {
  token: string;
  orderKey: string;
  schoolYear: string;
  /** The planners of each save sent, in order, and whether it was acknowledged (200). */
  saves: { planners: number; acknowledged: boolean }[];
}

async function newSaver(http: PortalHttp): Promise<Saver> {
  const { token } = await registerSchool(http);
  return { token, ...(await startOrder(http, token)), saves: [] };
}

/** Every answer of a run: the status and body, for the checks on them. */
interface Run {
  answers: HttpAnswer[];
  registered: string[];
  failures: string[];
}

/**
 * Sends saves (each saver its own order, one at a time) and registrations until `stop()`:
 * an answer is kept; a call that gets none (the server killed, or a hang past the client's
 * timeout) is a failure with its reason.
 */
function load(http: PortalHttp, savers: Saver[], registrations: number) {
  let stopped = false;
  const run: Run = { answers: [], registered: [], failures: [] };
  const saving = savers.map(async (saver, index) => {
    for (let i = 0; !stopped; i++) {
      const planners = 100 + index * 1000 + i;
      const save = { planners, acknowledged: false };
      saver.saves.push(save);
      try {
        const answer = await http.post(
          '/api/updatetemporder',
          reservation(saver.orderKey, saver.schoolYear, planners),
          saver.token,
        );
        run.answers.push(answer);
        save.acknowledged = answer.status === 200;
        // A read of what it holds in memory, between saves.
        run.answers.push(await http.get(`/api/productinfo?slug=${PLANNER}`));
      } catch (error) {
        run.failures.push(String(error));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  const registering = Array.from({ length: registrations }, async () => {
    while (!stopped) {
      const email = `burst-${Math.random().toString(36).slice(2)}@example.com`;
      try {
        const answer = await http.post(
          '/api/loginnewreg',
          { email, password: 'Heron-Lantern-2048', usertype: USER_TYPE.school },
          undefined,
          asNewVisitor(),
        );
        run.answers.push(answer);
        if (answer.status === 200) run.registered.push(email);
      } catch (error) {
        run.failures.push(String(error));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  return {
    run,
    async stop() {
      stopped = true;
      await Promise.all([...saving, ...registering]);
      return run;
    },
  };
}

interface StoredOrder {
  status: string;
  planners: string;
  planner_row_qty: number | null;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  rows_sum: number;
  subtotal_row: number | null;
  audits: number;
}

async function storedOrder(orderKey: string): Promise<StoredOrder> {
  const [row] = await query<StoredOrder>(
    `select o.status, o.custom_fields->>'noprimary_planners' as planners,
            (select (r->>'qty')::int from jsonb_array_elements(o.custom_price) r where r->>'name' = 'Planners') as planner_row_qty,
            o.subtotal_cents, o.tax_cents, o.total_cents,
            (select coalesce(sum((r->>'amount')::int), 0)::int from jsonb_array_elements(o.custom_price) r where r->>'name' <> 'Subtotal') as rows_sum,
            (select (r->>'amount')::int from jsonb_array_elements(o.custom_price) r where r->>'name' = 'Subtotal') as subtotal_row,
            (select count(*)::int from audit_log a where a.entity = 'order' and a.entity_id = o.id::text and a.action <> 'create') as audits
       from orders o where o.order_key = $1`,
    [orderKey],
  );
  if (!row) throw new Error(`order ${orderKey} is not stored`);
  return row;
}

/**
 * What a saver's order must be after the fault: whole (its planners, its priced rows and its
 * totals agree, each save audited with its write), and the last acknowledged save or one
 * sent after it (a save whose answer was lost may have been written), never an older one.
 */
async function expectSavesKept(saver: Saver) {
  const order = await storedOrder(saver.orderKey);
  const lastAcknowledged = saver.saves.findLastIndex((s) => s.acknowledged);
  expect(lastAcknowledged).toBeGreaterThanOrEqual(0);
  const possible = saver.saves.slice(lastAcknowledged).map((s) => String(s.planners));
  expect(possible).toContain(order.planners);
  expect(order.status).toBe('Reserved');
  expect(order.planner_row_qty).toBe(Number(order.planners));
  expect(order.total_cents).toBe(order.subtotal_cents + order.tax_cents);
  expect(order.rows_sum).toBe(order.subtotal_cents);
  expect(order.subtotal_row).toBe(order.subtotal_cents);
  const acknowledged = saver.saves.filter((s) => s.acknowledged).length;
  expect(order.audits).toBeGreaterThanOrEqual(acknowledged);
  expect(order.audits).toBeLessThanOrEqual(saver.saves.length);
}

/** A page as its reader sees it: a page made again from what the server holds differs only in when its data was read. */
const sameContent = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');

beforeAll(async () => {
  server = await startServer(env, await freePort());
}, 90_000);

afterAll(async () => {
  if (server) await endServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL killed under the server', () => {
  it('serves its public pages and catalogue from memory meanwhile, starts the database again, and keeps what was acknowledged', async () => {
    const http = new PortalHttp(server.url);
    const school = await registerSchool(http);
    const { orderKey, schoolYear } = await startOrder(http, school.token);
    await ok(http.post('/api/updatetemporder', reservation(orderKey, schoolYear, 150), school.token), 'save');

    // What the server holds in memory: read once before the database goes.
    const publicPaths = ['/', '/products', '/api/allcategory', `/api/productinfo?slug=${PLANNER}`, '/api/settings'];
    const before = new Map<string, string>();
    for (const p of publicPaths) {
      const answer = await http.get(p);
      expect(answer.status, p).toBe(200);
      before.set(p, sameContent(answer.text));
    }

    const { port } = killDatabase();
    const release = await holdPort(port);
    try {
      await until(async () => (await ready(http)) === 503, 'the server sees the database down');
      for (const p of publicPaths) {
        const answer = await http.get(p);
        expect(answer.status, p).toBe(200);
        expect(sameContent(answer.text), p).toBe(before.get(p));
      }
      // What needs the database answers 503 with the plain message, in the envelope.
      const unavailable = `503 ${JSON.stringify({ status: 'error', message: MSG.databaseUnavailable })}`;
      const signedIn = await http.get(`/api/temporder?order_key=${orderKey}`, school.token);
      expect(`${signedIn.status} ${signedIn.text}`).toBe(unavailable);
      const signUp = { email: 'during-outage@example.com', password: 'Heron-Lantern-2048', usertype: USER_TYPE.school };
      const registration = await http.post('/api/loginnewreg', signUp);
      expect(`${registration.status} ${registration.text}`).toBe(unavailable);
      expect(await ready(http)).toBe(503);
    } finally {
      await release();
    }

    await until(async () => (await ready(http)) === 200, 'the database is back', 30_000);
    expect(server.output()).toContain('The database stopped unexpectedly (SIGKILL); starting it again.');
    expect(server.output()).toMatch(/The database is running again \(after [\d.]+ s, attempt \d+\)\./);

    const order = await storedOrder(orderKey);
    expect(order).toMatchObject({ status: 'Reserved', planners: '150', planner_row_qty: 150, audits: 1 });
    const [user] = await query<{ email: string }>('select email from users where email = $1', [school.email]);
    expect(user?.email).toBe(school.email);
    // The session outlived the outage too.
    expect((await http.get(`/api/temporder?order_key=${orderKey}`, school.token)).status).toBe(200);
  }, 60_000);

  it('under load: every answer is a success or the plain 503, every acknowledged write is kept, and the feed and the jobs work again', async () => {
    const http = new PortalHttp(server.url);
    const savers = await Promise.all(Array.from({ length: 4 }, () => newSaver(http)));
    const burst = load(http, savers, 2);
    await until(async () => burst.run.answers.filter((a) => a.status === 200).length >= 20, 'the load is under way');
    const killedPid = killDatabase().pid;
    await until(
      async () => (await ready(http)) === 200 && embeddedDatabase(dataDir).pid !== killedPid,
      'the database is back',
    );
    const [{ recovered } = { recovered: new Date() }] = await query<{ recovered: Date }>('select now() as recovered');
    const after = burst.run.answers.length;
    await until(
      async () => burst.run.answers.slice(after).filter((a) => a.status === 200).length >= 20,
      'writes succeed again',
    );
    const run = await burst.stop();

    expect(run.failures).toEqual([]);
    const unexpected = run.answers.filter((a) => a.status !== 200 && !isUnavailable(a));
    expect(unexpected.map((a) => `${a.status} ${a.text.slice(0, 200)}`)).toEqual([]);
    expect(run.answers.filter(isUnavailable).length).toBeGreaterThan(0);
    for (const saver of savers) await expectSavesKept(saver);
    const stored = await query<{ email: string }>('select email from users where email = any($1)', [run.registered]);
    expect(stored.map((u) => u.email).sort()).toEqual([...run.registered].sort());

    // The change feed listens again: a catalogue change made in the database is seen at once.
    await query(`update products set product_name = 'Planner After The Outage' where product_slug = $1`, [PLANNER]);
    await until(
      async () => (await http.get(`/api/productinfo?slug=${PLANNER}`)).text.includes('Planner After The Outage'),
      'the catalogue change is seen',
      10_000,
    );
    // The job queue works again: e-mails queued since the database came back are delivered
    // (kept, without SMTP) in their turn, after those queued before.
    await until(
      async () => {
        const [delivered] = await query<{ n: number }>(
          `select count(*)::int as n from email_outbox where status = 'kept' and created_at > $1`,
          [recovered],
        );
        return (delivered?.n ?? 0) > 0;
      },
      'an e-mail queued after the outage is delivered',
      45_000,
    );
  }, 90_000);
});

describe('the server killed in the middle of saves', () => {
  it('after a restart on the same data directory, every acknowledged save and registration is there, and no order is half written', async () => {
    const http = new PortalHttp(server.url, 5_000);
    const savers = await Promise.all(Array.from({ length: 6 }, () => newSaver(http)));
    const burst = load(http, savers, 2);
    await until(async () => burst.run.answers.filter((a) => a.status === 200).length >= 30, 'the burst is under way');
    await endServer(server, 'SIGKILL');
    const run = await burst.stop();

    server = await startServer(env, await freePort());
    expect(server.output()).toContain('was left running by a server that stopped');

    const unexpected = run.answers.filter((a) => a.status !== 200 && !isUnavailable(a));
    expect(unexpected.map((a) => `${a.status} ${a.text.slice(0, 200)}`)).toEqual([]);
    for (const saver of savers) await expectSavesKept(saver);
    const stored = await query<{ email: string }>('select email from users where email = any($1)', [run.registered]);
    expect(stored.map((u) => u.email).sort()).toEqual([...run.registered].sort());
    expect((await new PortalHttp(server.url).get('/api/ready')).status).toBe(200);
  }, 90_000);
});
