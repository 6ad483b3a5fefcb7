import { MSG } from '@portal/contracts/messages';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../src/plugins/error-handler.ts';

/** What node-postgres and PostgreSQL throw while the database is away, each as a route would meet it. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const DOWN: Record<string, () => Error> = {
  refused: () => withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
  'refused on every address': () =>
    Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), {}),
  'administrator shutdown (57P01)': () => withCode('terminating connection due to administrator command', '57P01'),
  'postmaster gone (57P01)': () => withCode('terminating connection due to unexpected postmaster exit', '57P01'),
  'crash of another process (57P02)': () =>
    withCode('terminating connection because of crash of another server process', '57P02'),
  'starting up (57P03)': () => withCode('the database system is starting up', '57P03'),
  'connection terminated': () => new Error('Connection terminated unexpectedly'),
  'broken client': () => new Error('Client has encountered a connection error and is not queryable'),
  'wrapped by drizzle': () => Object.assign(new Error('Failed query: select 1'), { cause: withCode('x', '57P03') }),
};

const app = Fastify({ logger: false });
registerErrorHandling(app);
app.get('/down/:kind', async (request) => {
  throw DOWN[(request.params as { kind: string }).kind]?.();
});
app.get('/bug', async () => {
  throw withCode('duplicate key value violates unique constraint "users_pkey"', '23505');
});
afterAll(() => app.close());

describe('errors of a database that cannot be reached', () => {
  it.each(Object.keys(DOWN))('%s: 503 with the plain message in the envelope', async (kind) => {
    const res = await app.inject(`/down/${encodeURIComponent(kind)}`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', message: MSG.databaseUnavailable });
  });

  it('any other database error stays a 500 that says nothing of the SQL', async () => {
    const res = await app.inject('/bug');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: MSG.genericError });
  });
});
