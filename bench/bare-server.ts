import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';

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
 */
const { values } = parseArgs({ options: { port: { type: 'string' }, routes: { type: 'string' } } });
if (!values.port || !values.routes) {
  console.error('usage: node bench/bare-server.ts --port <port> --routes <file.json>');
  process.exit(1);
}

const routes = JSON.parse(readFileSync(values.routes, 'utf8')) as BareRoute[];
const key = (method: string, url: string) => `${method} ${url}`;
const bodies = new Map(routes.map((r) => [key(r.method ?? 'GET', r.url), r.body]));
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
      const body = bodies.get(key(method, request.url));
      if (body === undefined) return reply.code(404).send();
      // The app's answer as it was: a page's HTML or an API's JSON.
      return reply
        .type(body.startsWith('<') ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
        .send(body);
    },
  });
}

await app.listen({ host: '127.0.0.1', port: Number(values.port) });
// A normal exit, so that a CPU profile asked for with --cpu-prof is written.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
