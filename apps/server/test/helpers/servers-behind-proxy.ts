import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE } from '@portal/contracts/constants';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Booted, boot } from '../../src/boot.ts';
import { createDatabase } from '../../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { logSink } from './logged-errors.ts';
import { type ApiClient, apiClientWith, type TestApp, testConfig, writeWebDist } from './test-app.ts';

/** The header the proxy adds to every answer: which server gave it. */
export const SERVED_BY = 'x-served-by';

export interface ProxiedServer {
  /** 'A', 'B', …: what the proxy's SERVED_BY header says. */
  name: string;
  app: FastifyInstance;
  booted: Booted;
  /** The server's own address, without the proxy. */
  url: string;
}

export interface ServersBehindProxy {
  servers: ProxiedServer[];
  /** The proxy's address: each request it takes goes to the next server in turn. */
  url: string;
  /** An API client through the proxy, over real HTTP. */
  api: ApiClient;
  /**
   * What the fixtures take: the first server's context and the shared database, with the
   * API client through the proxy, so that a fixture's requests alternate servers too.
   */
  t: TestApp;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface ServersOptions {
  count?: number;
  /** Environment variables of every server (the bucket, SMTP…), on top of the test defaults. */
  env?: Record<string, string>;
  workers?: boolean;
  clock?: () => Date;
  /** Runs on the new database before any server starts. */
  beforeBoot?: (databaseUrl: string) => Promise<void>;
}

/**
 * A round-robin HTTP proxy, as a load balancer: every request goes to the next server, with
 * the client's address appended to X-Forwarded-For, which the servers believe of their one
 * proxy (TRUST_PROXY=1).
 */
async function startRoundRobinProxy(servers: ProxiedServer[]) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const proxy = http.createServer((incoming, outgoing) => {
    const server = servers[next++ % servers.length] as ProxiedServer;
    const target = new URL(incoming.url ?? '/', server.url);
    const client = incoming.socket.remoteAddress ?? '';
    const before = incoming.headers['x-forwarded-for'];
    const headers = { ...incoming.headers, 'x-forwarded-for': before ? `${before}, ${client}` : client };
    const forwarded = http.request(target, { method: incoming.method, headers, agent }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY]: server.name });
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** Answers of real HTTP requests, in the shape of Fastify's inject answers that the fixtures read. */
function answerOf(res: Response, payload: Buffer): LightMyRequestResponse {
  const headers: Record<string, string | string[]> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const setCookies = res.headers.getSetCookie();
  if (setCookies.length) headers['set-cookie'] = setCookies;
  const body = payload.toString('utf8');
  const answer = {
    statusCode: res.status,
    headers,
    rawPayload: payload,
    payload: body,
    body,
    json: () => JSON.parse(body),
    cookies: setCookies.map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: decodeURIComponent(pair.slice(at + 1)) };
    }),
  };
  return answer as unknown as LightMyRequestResponse;
}

/** An API client over HTTP with the same habits as the inject one (the anti-forgery cookie and header). */
export function createHttpApiClient(baseUrl: string): ApiClient {
  return apiClientWith(
    () =>
      fetch(`${baseUrl}/`).then(async (res) => {
        await res.arrayBuffer();
        const line = res.headers.getSetCookie().find((c) => c.startsWith(`${XSRF_COOKIE}=`));
        if (!line) throw new Error(`GET / set no ${XSRF_COOKIE} cookie`);
        return decodeURIComponent(line.split(';')[0]?.slice(XSRF_COOKIE.length + 1) ?? '');
      }),
    async (method, url, prepared, options) => {
      const headers = { ...prepared.headers };
      const cookieLine = Object.entries(prepared.cookies)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; ');
      if (cookieLine) headers.cookie = cookieLine;
      let body: Buffer | string | undefined;
      if (Buffer.isBuffer(options.body) || typeof options.body === 'string') body = options.body;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(`${baseUrl}${url}`, { method, headers, ...(body === undefined ? {} : { body }) });
      return answerOf(res, Buffer.from(await res.arrayBuffer()));
    },
  );
}

/**
 * Several servers of the real application on one database, each with its own pools, change
 * feed, job queue and data folder, listening on loopback behind a round-robin proxy, as
 * behind a load balancer.
 */
export async function startServersBehindProxy(options: ServersOptions = {}): Promise<ServersBehindProxy> {
  const database = await createTestDatabase();
  const tempDirs: string[] = [];
  const servers: ProxiedServer[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | undefined;

  let ownerPool: { end(): Promise<void> } | undefined;
  const close = async () => {
    await ownerPool?.end();
    await proxy?.close();
    for (const server of servers) {
      await server.app.close();
      await server.booted.shutdown();
    }
    await database.drop();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  };

  try {
    const count = options.count ?? 2;
    await options.beforeBoot?.(database.url);
    const started = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const tempDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-server-'));
        tempDirs.push(tempDir);
        writeWebDist(path.join(tempDir, 'web'));
        const booted = await boot(testConfig(database.url, tempDir, { TRUST_PROXY: '1', ...options.env }), {
          logStream: logSink(`server ${String.fromCharCode(65 + i)}`),
          workers: options.workers ?? false,
          ...(options.clock ? { clock: options.clock } : {}),
        });
        const app = await buildApp(booted.ctx);
        const server: ProxiedServer = { name: String.fromCharCode(65 + i), app, booted, url: '' };
        servers.push(server);
        server.url = await app.listen({ port: 0, host: '127.0.0.1' });
        return server;
      }),
    );
    started.sort((a, b) => a.name.localeCompare(b.name));
    servers.sort((a, b) => a.name.localeCompare(b.name));
    proxy = await startRoundRobinProxy(started);
  } catch (error) {
    await close();
    throw error;
  }

  const first = servers[0] as ProxiedServer;
  const api = createHttpApiClient(proxy.url);
  const owner = createDatabase(database.url, { max: 1 });
  const t: TestApp = {
    app: first.app,
    ctx: first.booted.ctx,
    db: first.booted.ctx.db,
    owner,
    config: first.booted.ctx.config,
    database,
    api,
    close,
  };
  ownerPool = owner.$client;
  return { servers, url: proxy.url, api, t, database, close };
}
