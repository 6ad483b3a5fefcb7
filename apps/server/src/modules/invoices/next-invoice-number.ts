import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { counters } from '../../db/schema/index.ts';

/**
 * The next number of the one sequence invoices and credit notes share. The counter's row
 * stays locked until the transaction that takes the number commits (or rolls back, and
 * the number is taken again): numbers are never repeated nor skipped (decision 012).
 */
export async function nextInvoiceNumber(tx: Executor): Promise<number> {
  const [next] = await tx
    .insert(counters)
    .values({ name: 'invoice', value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  if (!next) throw new Error('The invoice counter returned no number');
  return next.value;
}
