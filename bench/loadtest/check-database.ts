import pg from 'pg';
import type { DatabaseState } from './ledger.ts';

/** Reads what the comparison needs straight from the server's database (DATABASE_URL), after the run. */
export async function readDatabaseState(databaseUrl: string): Promise<DatabaseState> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = async <T>(text: string) => (await client.query(text)).rows as T[];
    return {
      orders: await rows(`select order_key, status, payment_status, total_cents, custom_fields from orders`),
      payments: await rows(`
        select p.payment_key, p.kind, p.status, p.amount_cents, o.order_key
          from payments p left join orders o on o.id = p.order_id`),
      allocations: await rows(`
        select p.payment_key, a.sponsorship_id, a.amount_cents
          from payment_allocations a join payments p on p.id = a.payment_id
         where p.status = 'succeeded'`),
      sponsorships: await rows(`select id, total_cents, paid_cents from sponsorships`),
      transactions: await rows(`
        select p.payment_key, t.sponsorship_id, t.amount_cents
          from sponsorship_transactions t left join payments p on p.id = t.payment_id
         where t.payment_status = 1`),
      moves: await rows(`
        select o.order_key, a.changes->'before'->>'status' as "from", a.changes->'after'->>'status' as "to"
          from audit_log a join orders o on o.id::text = a.entity_id
         where a.entity = 'order' and a.action = 'status'
         order by a.id`),
      receipts: await rows(`
        select to_address, count(*)::int as count from email_outbox
         where template = 'payment-receipt' group by to_address`),
      mail: await rows(`select status, count(*)::int as count from email_outbox group by status`),
    };
  } finally {
    await client.end();
  }
}
