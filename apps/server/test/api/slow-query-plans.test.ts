import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { explainSlowQueries, type SlowQuery } from '../../src/db/slow-query-plans.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase;
let db: Database;
const told: SlowQuery[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  db = createDatabase(database.url, { max: 2 });
  explainSlowQueries(db.$client, { thresholdMs: 20, log: (slow) => told.push(slow) });
  await db.$client.query('create table notes (id serial primary key, email text)');
});
afterAll(async () => {
  await db?.$client.end();
  await database?.drop();
});

/** Waits until `n` plans have been told: each is read after the slow query has answered. */
async function toldAtLeast(n: number) {
  const deadline = Date.now() + 5_000;
  while (told.length < n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the plans of slow reads', () => {
  it('tells a slow read’s plan once, with its values left out, and never runs a write again', async () => {
    const slow = 'select n.id from pg_sleep(0.03) as s left join notes n on n.email = $1';
    for (let i = 0; i < 3; i++) await db.$client.query(slow, ['someone@example.org']);
    await db.$client.query({ name: 'fast_read', text: 'select 1 as one where $1::text is not null', values: ['x'] });
    await db.$client.query("insert into notes (email) select 'w@example.org' from pg_sleep(0.03)");
    await toldAtLeast(1);
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(told.map((t) => t.sql)).toEqual([slow]);
    const [plan] = told;
    expect(plan?.ms).toBeGreaterThanOrEqual(20);
    const text = plan?.plan.join('\n') ?? '';
    expect(text).toMatch(/Seq Scan on notes/);
    expect(text).toMatch(/Execution Time/);
    expect(text).not.toContain('someone@example.org');
    expect(text).toContain("'…'");
    // The write ran once: it was not explained (EXPLAIN ANALYZE would have run it again).
    const { rows } = await db.$client.query<{ n: number }>('select count(*)::int as n from notes');
    expect(rows[0]?.n).toBe(1);
  });
});
