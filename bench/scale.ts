import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { TLoginBody, TLoginResponse } from '@portal/contracts/auth';
import { USER_TYPE, XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import pg from 'pg';
import { SCALE_PASSWORD } from '../apps/server/src/seed/scale.ts';
import { call, xsrfCookie } from './draft-save.ts';
import { statusMb } from './process-stats.ts';

/**
 * The benchmark's scale section (`npm run bench -- --scale`): the back office, the school's
 * and the sponsor's screens on a region's year (`npm run seed:scale`), each endpoint beside a
 * bare route answering its body from memory, at 10 connections.
 */

/** The staff member every scaled year has: the demo's administrator. */
const STAFF = { username: 'admin@example.com', password: 'password123' };

/** A staff read at scale: p99 at most this, in ms, and at least this share of the bare route's rate. */
export const STAFF_READ_P99_MS = 50;
export const STAFF_READ_MIN_RATIO = 0.1;
/** A write at scale (a cost sheet saved), in ms: the load test's target for writes. */
export const WRITE_P99_MS = 250;

/** The full CSV of the money owed: made in at most this, in seconds, the server staying under `CSV_MAX_MB`. */
export const CSV_MAX_SECONDS = 10;
export const CSV_MAX_MB = 300;

export interface ScaleTargetSpec {
  name: string;
  path: string;
  /** Whose session the request carries. */
  as: 'staff' | 'school' | 'sponsor';
  /** Read as this page by keyset: the cursor is found by walking the pages before it. */
  keysetPage?: number;
  minRatio: number;
  maxP99Ms: number;
}

export interface ScaleSessions {
  staff: Record<string, string>;
  school: Record<string, string>;
  sponsor: Record<string, string>;
  /** The product whose cost sheet is saved, and its prices in cents. */
  costSheet: { productId: number; prices: Record<string, number> };
}

const staffRead = (name: string, path: string): ScaleTargetSpec => ({
  name,
  path,
  as: 'staff',
  minRatio: STAFF_READ_MIN_RATIO,
  maxP99Ms: STAFF_READ_P99_MS,
});

/**
 * Every staff list's first page, a deep page and a search; the report, the start page; the
 * school's and the sponsor's own lists (judged against the ratios of the small-data section).
 */
export function scaleTargets(): ScaleTargetSpec[] {
  return [
    staffRead('orders', '/api/admin/orders'),
    { ...staffRead('orders p200 (keyset)', '/api/admin/orders'), keysetPage: 200 },
    staffRead('orders search', '/api/admin/orders?q=Bayshore'),
    staffRead('orders filtered', '/api/admin/orders?status=Reserved&sort=total'),
    staffRead('schools', '/api/admin/schools'),
    staffRead('schools p200', '/api/admin/schools?page=200'),
    staffRead('schools search', '/api/admin/schools?q=harbor'),
    staffRead('sponsors', '/api/admin/sponsors'),
    staffRead('sponsors p60', '/api/admin/sponsors?page=60'),
    staffRead('sponsors search', '/api/admin/sponsors?q=dental'),
    staffRead('sponsorships', '/api/admin/sponsorships'),
    staffRead('sponsorships p200', '/api/admin/sponsorships?page=200'),
    staffRead('sponsorships search', '/api/admin/sponsorships?q=pizza'),
    staffRead('enquiries', '/api/admin/enquiries'),
    staffRead('enquiries p200', '/api/admin/enquiries?page=200'),
    staffRead('enquiries search', '/api/admin/enquiries?q=realty'),
    staffRead('audit log', '/api/admin/auditlog'),
    { ...staffRead('audit log p200 (keyset)', '/api/admin/auditlog'), keysetPage: 200 },
    staffRead('audit log search', '/api/admin/auditlog?q=Reserved'),
    staffRead('money owed', '/api/admin/money-owed'),
    staffRead('money owed p200', '/api/admin/money-owed?page=200'),
    staffRead('dashboard', '/api/admin/dashboard'),
    // The school's and the sponsor's own lists: their small-data ratios are 0.5 and more.
    { name: 'school orders', path: '/api/orders', as: 'school', minRatio: 0.3, maxP99Ms: STAFF_READ_P99_MS },
    {
      name: 'sponsor list',
      path: '/api/sponsorship?page=1',
      as: 'sponsor',
      minRatio: 0.3,
      maxP99Ms: STAFF_READ_P99_MS,
    },
  ];
}

/** Signs in as one of the scaled year's schools and sponsors (the first made) and as staff, through the API. */
export async function prepareScaleSessions(appUrl: string, databaseUrl: string): Promise<ScaleSessions> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let school: string;
  let sponsor: string;
  let productId: number;
  try {
    const first = async (usertype: number) => {
      const { rows } = await client.query<{ email: string }>(
        `select u.email from users u where u.usertype = $1 and u.email like '%-' || $2 || '-0@example.org'
          order by u.id desc limit 1`,
        [usertype, usertype === USER_TYPE.school ? 'school' : 'sponsor'],
      );
      if (!rows[0])
        throw new Error('The database has no scaled year: run npm run seed:scale first, or leave out --data-dir.');
      return rows[0].email;
    };
    school = await first(USER_TYPE.school);
    sponsor = await first(USER_TYPE.sponsor);
    // The product with the most Pending orders: the save that reprices the most.
    const { rows } = await client.query<{ product_id: number }>(
      `select product_id from orders where status = 'Pending' group by product_id order by count(*) desc limit 1`,
    );
    productId = rows[0]?.product_id ?? 1;
  } finally {
    await client.end();
  }
  const xsrf = await xsrfCookie(appUrl);
  const unsafe = { 'content-type': 'application/json', [XSRF_HEADER]: xsrf, cookie: `${XSRF_COOKIE}=${xsrf}` };
  const signIn = async (url: string, body: object) => {
    const { json } = await call<TLoginResponse>(`${appUrl}${url}`, {
      method: 'POST',
      headers: unsafe,
      body: JSON.stringify(body),
    });
    return { authorization: `Bearer ${json.token}` };
  };
  const staff = await signIn('/api/admin/login', STAFF);
  const schoolLogin = { username: school, password: SCALE_PASSWORD, usertype: USER_TYPE.school } satisfies TLoginBody;
  const sponsorLogin = {
    username: sponsor,
    password: SCALE_PASSWORD,
    usertype: USER_TYPE.sponsor,
  } satisfies TLoginBody;
  const { json: sheet } = await call<{ prices: Record<string, number> }>(
    `${appUrl}/api/admin/cost-sheets/${productId}`,
    { headers: staff },
  );
  return {
    staff: { ...staff, ...unsafe },
    school: await signIn('/api/login', schoolLogin),
    sponsor: await signIn('/api/login', sponsorLogin),
    costSheet: { productId, prices: sheet.prices },
  };
}

export interface CsvMeasurement {
  seconds: number;
  bytes: number;
  lines: number;
  /** The server's largest resident size while the file was made, sampled every 20 ms. */
  peakMb: number;
  startMb: number;
}

/** Downloads the whole money-owed CSV as a browser would (compressed), sampling the server's memory meanwhile. */
export async function measureMoneyOwedCsv(appUrl: string, staff: Record<string, string>, pid: number) {
  const startMb = statusMb(pid, 'VmRSS');
  let peakMb = startMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, statusMb(pid, 'VmRSS'));
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(`${appUrl}/api/admin/money-owed.csv`, {
      headers: { authorization: staff.authorization ?? '', 'accept-encoding': 'gzip' },
      signal: AbortSignal.timeout(120_000),
    });
    if (!response.ok) throw new Error(`The money-owed CSV answered ${response.status}`);
    const text = await response.text();
    const seconds = (performance.now() - started) / 1000;
    return { seconds, bytes: Buffer.byteLength(text), lines: text.split('\r\n').length - 2, peakMb, startMb };
  } finally {
    clearInterval(sampler);
  }
}

/** The p99 of `ms`, by the nearest rank. */
const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.max(0, Math.ceil(ms.length * 0.99) - 1)] ?? 0;

/**
 * Saves the cost sheet `saves` times, its planner price moved up and back by a cent each time
 * (an unchanged sheet is not written), one save after the other as staff make them; meanwhile
 * a staff member reads the orders list over and over. Each save reprices that product's
 * Pending orders: what it takes, and how long the reads beside it waited.
 */
export async function measureCostSheetSaves(appUrl: string, sessions: ScaleSessions, saves = 20) {
  const { productId, prices } = sessions.costSheet;
  const saveMs: number[] = [];
  const readMs: number[] = [];
  let repriced = 0;
  let saving = true;
  const reader = (async () => {
    while (saving) {
      const started = performance.now();
      await call(`${appUrl}/api/admin/orders`, { headers: { authorization: sessions.staff.authorization ?? '' } });
      readMs.push(performance.now() - started);
    }
  })();
  try {
    for (let i = 0; i < saves; i++) {
      const cents = { ...prices, plannerPrice: (prices.plannerPrice ?? 0) + (i % 2 === 0 ? 1 : 0) };
      const body = Object.fromEntries(Object.entries(cents).map(([key, c]) => [key, (c / 100).toFixed(2)]));
      const started = performance.now();
      const { json } = await call<{ repriced_orders: number }>(`${appUrl}/api/admin/cost-sheets/${productId}`, {
        method: 'POST',
        headers: sessions.staff,
        body: JSON.stringify(body),
      });
      saveMs.push(performance.now() - started);
      repriced = Math.max(repriced, json.repriced_orders);
    }
  } finally {
    saving = false;
    await reader;
  }
  const median = [...saveMs].sort((a, b) => a - b)[Math.floor(saveMs.length / 2)] ?? 0;
  return {
    saves,
    repriced,
    medianMs: median,
    maxMs: Math.max(...saveMs),
    readP99Ms: p99(readMs),
    reads: readMs.length,
  };
}

/** `path` with the cursor of its page `page`, found by following each page's `next` from the first. */
export async function keysetPath(appUrl: string, path: string, headers: Record<string, string>, page: number) {
  let next: string | null = null;
  for (let i = 1; i < page; i++) {
    const url: string = next ? `${path}${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(next)}` : path;
    const { json }: { json: { next: string | null } } = await call(`${appUrl}${url}`, { headers });
    if (!json.next) throw new Error(`${path} has fewer than ${page} pages`);
    next = json.next;
  }
  return next ? `${path}${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(next)}` : path;
}

/** A staff list's first read after a change, one at a time: at most this, in ms, before its plans are worth reading. */
export const FIRST_READ_MAX_MS = 50;

export interface FirstReads {
  name: string;
  medianMs: number;
  maxMs: number;
}

/**
 * Each staff read as a staff member meets it after someone changed something: the answers
 * kept in memory dropped (the notice a trigger sends when a back-office table changes, sent
 * here by hand), then read from the database, one request at a time, `times` times.
 */
export async function measureFirstReads(
  appUrl: string,
  databaseUrl: string,
  reads: { name: string; path: string; headers: Record<string, string> }[],
  times = 7,
): Promise<FirstReads[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const measured: FirstReads[] = [];
    for (const read of reads) {
      const ms: number[] = [];
      for (let i = 0; i < times; i++) {
        await client.query(`select pg_notify('table_changed', 'audit_log')`);
        // The notice reaches the app's feed within a millisecond; the wait keeps it from racing the read.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const started = performance.now();
        await call(`${appUrl}${read.path}`, { headers: read.headers });
        ms.push(performance.now() - started);
      }
      ms.sort((a, b) => a - b);
      measured.push({ name: read.name, medianMs: ms[Math.floor(ms.length / 2)] ?? 0, maxMs: ms.at(-1) ?? 0 });
    }
    return measured;
  } finally {
    await client.end();
  }
}

export interface LoggedPlan {
  ms: number;
  sql: string;
  plan: string[];
}

/** The plans the app logged of its slow reads (`SLOW_QUERY_PLAN_MS`), read line by line from its log file. */
export async function loggedPlans(logFile: string): Promise<LoggedPlan[]> {
  const plans: LoggedPlan[] = [];
  const lines = createInterface({ input: createReadStream(logFile), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (!line.includes('"slow query plan"')) continue;
    try {
      const entry = JSON.parse(line) as { slowQuery?: LoggedPlan };
      if (entry.slowQuery) plans.push(entry.slowQuery);
    } catch {
      // A line cut short as the server stopped: not a plan.
    }
  }
  return plans.sort((a, b) => b.ms - a.ms);
}
