import type { TestApp } from './test-app.ts';

/** Counts the statements the app sends PostgreSQL on its main pool while `run` runs: none for an answer from memory. */
export async function queriesDuring(t: TestApp, run: () => Promise<unknown>): Promise<number> {
  const pool = t.ctx.db.$client;
  const query = pool.query;
  let count = 0;
  pool.query = ((...args: Parameters<typeof query>) => {
    count++;
    return query.apply(pool, args);
  }) as typeof query;
  try {
    await run();
  } finally {
    pool.query = query;
  }
  return count;
}
