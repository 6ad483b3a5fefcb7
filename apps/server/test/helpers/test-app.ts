import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { boot } from '../../src/boot.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';
import type { PaymentGateway } from '../../src/modules/payments/gateway.ts';
import { precompressDir } from '../../src/modules/web/precompress.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { logSink } from './logged-errors.ts';

export const TEST_PUBLIC_URL = 'http://portal.test';

/** A stand-in for the built web app: enough to prove the server writes the head and serves assets. */
export const WEB_ASSET = '/assets/index-t3st1234.js';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Placeholder for the dev server</title>
    <!--app-head-->
    <script type="module" crossorigin src="${WEB_ASSET}"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (NODE_ENV=test, warnings and errors logged, no demo). */
  env?: Record<string, string>;
  /** Run the background workers (mail delivery); off unless a test needs them. */
  workers?: boolean;
  /**
   * Where the log lines go as well: every line is first read for errors, which fail the test
   * that did not expect them (`expectLoggedError`), and is printed nowhere.
   */
  logStream?: NodeJS.WritableStream;
  /** A payment gateway of the test's own instead of the one the configuration chooses. */
  gateway?: (db: Database) => PaymentGateway;
  /** The date the order rules see; the system's if left out. */
  clock?: () => Date;
  /** Seconds between a failed job's tries (a fixed delay instead of the doubling one from 30 s). */
  jobRetryDelaySeconds?: number;
  /** Extra routes, added before the app is made ready. */
  routes?: (app: FastifyInstance) => void;
}

export interface ApiOptions {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  body?: unknown;
  /**
   * The anti-forgery header to send on unsafe methods. Left out, the cookie's own value
   * is echoed as the web app does; null sends no header; a string sends that instead.
   */
  xsrfHeader?: string | null;
  /** The client's address as the server sees it (trustProxy is off outside production); 127.0.0.1 if left out. */
  remoteAddress?: string;
}

export interface ApiClient {
  get(url: string, options?: ApiOptions): Promise<LightMyRequestResponse>;
  post(url: string, options?: ApiOptions): Promise<LightMyRequestResponse>;
  request(
    method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options?: ApiOptions,
  ): Promise<LightMyRequestResponse>;
  /** The XSRF-TOKEN cookie the server handed out on this client's first request. */
  xsrfToken(): Promise<string>;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's own connection, as its role (db/app-role.ts): rows only. */
  db: Database;
  /** The owner's connection, for what a test does to the schema itself (a trigger that fails a write). */
  owner: Database;
  config: Config;
  database: TestDatabase;
  api: ApiClient;
  close(): Promise<void>;
}

export function writeWebDist(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  // Long enough to be worth compressing, as a real bundle is.
  writeFileSync(path.join(dir, WEB_ASSET), `document.title = "app";\n${'// the web app\n'.repeat(200)}`);
  precompressDir(dir);
}

export function testConfig(databaseUrl: string, tempDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(tempDir, 'data'),
    WEB_DIST: path.join(tempDir, 'web'),
    PUBLIC_URL: TEST_PUBLIC_URL,
    SEED_DEMO: '0',
    // The level the server runs at minus the access lines: its errors reach the test's check.
    LOG_LEVEL: 'warn',
    ...env,
  });
}

/** A request as the client made it ready: the anti-forgery cookie and header added to the caller's. */
export type SendRequest = (
  method: Parameters<ApiClient['request']>[0],
  url: string,
  prepared: { headers: Record<string, string>; cookies: Record<string, string> },
  options: ApiOptions,
) => Promise<LightMyRequestResponse>;

/**
 * An API client with a browser's habits whatever carries its requests: the anti-forgery
 * cookie, read once from `readXsrfCookie` (browsers get it with the app's page, as every
 * visit starts there), goes with every unsafe request, and its header too unless asked not to.
 */
export function apiClientWith(readXsrfCookie: () => Promise<string>, send: SendRequest): ApiClient {
  let token: Promise<string> | undefined;
  const xsrfToken = () => {
    token ??= readXsrfCookie();
    return token;
  };

  const request: ApiClient['request'] = async (method, url, options = {}) => {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    const headers: Record<string, string> = { ...options.headers };
    const cookies: Record<string, string> = {};
    if (unsafe) {
      const value = await xsrfToken();
      cookies[XSRF_COOKIE] = value;
      const header = options.xsrfHeader === undefined ? value : options.xsrfHeader;
      if (header !== null) headers[XSRF_HEADER] = header;
    }
    Object.assign(cookies, options.cookies);
    return send(method, url, { headers, cookies }, options);
  };

  return {
    request,
    get: (url, options) => request('GET', url, options),
    post: (url, options) => request('POST', url, options),
    xsrfToken,
  };
}

/** The reads answered from caches that the change feed drops: the back office's, and a school's list of orders. */
const FEED_READS = ['/api/admin/', '/api/orders'];

/**
 * Drives the app through Fastify's inject, keeping the anti-forgery cookie like a browser.
 * With `feedCaughtUp`, a back-office read or a school's list of orders first waits until the app's change feed has heard
 * of every change committed so far: a test's own writes through the database (its factories)
 * reach the cached staff answers by the feed, as another server's do, and a person's next
 * click comes well after that notice, where an inject comes within the same millisecond.
 */
export function createApiClient(app: FastifyInstance, feedCaughtUp?: () => Promise<void>): ApiClient {
  return apiClientWith(
    () =>
      app.inject({ method: 'GET', url: '/' }).then((res) => {
        const cookie = res.cookies.find((c) => c.name === XSRF_COOKIE);
        if (!cookie) throw new Error(`GET / set no ${XSRF_COOKIE} cookie`);
        return cookie.value;
      }),
    async (method, url, { headers, cookies }, options) => {
      if (feedCaughtUp && method === 'GET' && FEED_READS.some((path) => url.startsWith(path))) await feedCaughtUp();
      return app.inject({
        method,
        url,
        headers,
        cookies,
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        ...(options.body === undefined ? {} : { payload: options.body as object }),
      });
    },
  );
}

/**
 * The real application on a database of its own, copied from the migrated template, so
 * that nothing one test file writes is seen by another.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-app-'));
  writeWebDist(path.join(tempDir, 'web'));
  const cleanUp = async () => {
    await database.drop();
    rmSync(tempDir, { recursive: true, force: true });
  };

  let booted: Awaited<ReturnType<typeof boot>>;
  let app: FastifyInstance;
  try {
    const config = testConfig(database.url, tempDir, options.env);
    booted = await boot(config, {
      logStream: logSink('server', options.logStream),
      workers: options.workers ?? false,
      ...(options.gateway ? { gateway: options.gateway } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.jobRetryDelaySeconds === undefined ? {} : { jobRetryDelaySeconds: options.jobRetryDelaySeconds }),
    });
    try {
      app = await buildApp(booted.ctx);
      options.routes?.(app);
      await app.ready();
    } catch (error) {
      await booted.shutdown();
      throw error;
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }

  let closing: Promise<void> | undefined;
  const owner = createDatabase(database.url, { max: 1 });
  return {
    app,
    ctx: booted.ctx,
    db: booted.ctx.db,
    owner,
    config: booted.ctx.config,
    database,
    api: createApiClient(app, () => booted.ctx.feed.sync()),
    close() {
      closing ??= (async () => {
        await app.close();
        await owner.$client.end();
        await booted.shutdown();
        await cleanUp();
      })();
      return closing;
    },
  };
}
