import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { PreparedBody, sendPrepared } from '../apps/server/src/lib/prepared-body.ts';

export interface BareRoute {
  /** GET when not given. */
  method?: 'GET' | 'POST';
  /** Path and query, exactly as the load generator requests it. */
  url: string;
  /** The answer. A POST's request body is parsed, as any Fastify route parses it, and not looked at. */
  body: string;
}

/**
 * The yardstick: Fastify with no plugins, hooks or logger, answering each benchmarked URL
 * with the body the real server gave for it, serialised ahead of time as the real route's
 * cache is. Whatever the real server spends beyond this is the cost of its stack. A POST
 * route answers what the real server answered to the same request, fetched once.
 *
 * Like the real server's cached answers, each body is sent in the encoding the request
 * accepts, from copies compressed once (with the app's own `PreparedBody`, made here before
 * the load starts): both servers then write the same bytes for the same request, and the
 * ratio measures the app's stack rather than the size of its answers. A bare route sending
 * the uncompressed body would write three to eight times the bytes of the app's brotli copy
 * and flatter the app.
 */
const { values } = parseArgs({ options: { port: { type: 'string' }, routes: { type: 'string' } } });
if (!values.port || !values.routes) {
  console.error('usage: node bench/bare-server.ts --port <port> --routes <file.json>');
  process.exit(1);
}

const routes = JSON.parse(readFileSync(values.routes, 'utf8')) as BareRoute[];
const key = (method: string, url: string) => `${method} ${url}`;
const bodies = new Map(
  routes.map((r) => {
    // The app's answer as it was: a page's HTML or an API's JSON.
    const type = r.body.startsWith('<') ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
    return [key(r.method ?? 'GET', r.url), { type, body: new PreparedBody(r.body) }];
  }),
);
await Promise.all(
  [...bodies.values()].flatMap(({ body }) => (body.compressible ? [body.encoded('br'), body.encoded('gzip')] : [])),
);
const app = Fastify({ logger: false });

const endpoints = new Map(
  routes.map((r) => {
    const method = r.method ?? 'GET';
    const pathname = new URL(r.url, 'http://127.0.0.1').pathname;
    return [key(method, pathname), { method, pathname }];
  }),
);
for (const { method, pathname } of endpoints.values()) {
  app.route({
    method,
    url: pathname,
    handler: (request, reply) => {
      const answer = bodies.get(key(method, request.url));
      if (answer === undefined) return reply.code(404).send();
      return sendPrepared(reply.type(answer.type), answer.body);
    },
  });
}

await app.listen({ host: '127.0.0.1', port: Number(values.port) });
// A normal exit, so that a CPU profile asked for with --cpu-prof is written.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
