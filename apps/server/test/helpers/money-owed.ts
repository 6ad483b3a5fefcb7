import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * What the database keeps as owed (money_open_items, by its triggers) is exactly what the
 * definition of an open item works out from the records now, row for row, both ways.
 */
export async function expectOwedKept(t: Pick<TestApp, 'owner'>): Promise<void> {
  const differences = await t.owner.execute<Record<string, unknown>>(sql`
    (select 'kept only' as side, * from money_open_items except select 'kept only', * from money_owed_items)
    union all
    (select 'worked out only', * from money_owed_items except select 'worked out only', * from money_open_items)`);
  expect(differences.rows).toEqual([]);
}
