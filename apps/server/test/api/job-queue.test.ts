import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue, QUEUES } from '../../src/modules/jobs/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { expectLoggedError, sinkLogger } from '../helpers/logged-errors.ts';

let database: TestDatabase;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = new JobQueue(database.url, sinkLogger('job queue'));
  await queue.start();
});

afterAll(async () => {
  await queue.stop();
  await database.drop();
});

async function jobStates(): Promise<Record<string, number[]>> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string; n: number }>(
      `select state, (data->>'n')::int as n from pgboss.job where name = $1 order by n`,
      [QUEUES.paymentEvents],
    );
    const states: Record<string, number[]> = {};
    for (const row of rows) states[row.state] = [...(states[row.state] ?? []), row.n];
    return states;
  } finally {
    await client.end();
  }
}

describe('JobQueue.work', () => {
  it('runs every job once, ten to a fetch, and fails only the job whose handler threw, which waits for its retry', async () => {
    expectLoggedError('the seventh fails');
    const seen: number[] = [];
    await queue.work<{ n: number }>(QUEUES.paymentEvents, async ({ n }) => {
      seen.push(n);
      if (n === 7) throw new Error('the seventh fails');
    });
    for (let n = 1; n <= 25; n++) await queue.send(QUEUES.paymentEvents, { n });

    const all = Array.from({ length: 25 }, (_, i) => i + 1);
    for (let i = 0; i < 300 && seen.length < 25; i++) await sleep(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(all);

    let states: Record<string, number[]> = {};
    for (let i = 0; i < 300; i++) {
      states = await jobStates();
      if ((states.completed?.length ?? 0) === 24) break;
      await sleep(100);
    }
    // The failed job waits for its retry (30 s away); the others are done.
    expect(states).toEqual({ completed: all.filter((n) => n !== 7), retry: [7] });
    expect(seen.filter((n) => n === 7)).toEqual([7]);
  }, 60_000);
});
