import pg from 'pg';
import type { DatabaseState } from './ledger.ts';

/**
 * The last row of each table the comparison reads, before the load's accounts are made: on
 * a database that already holds a year (`--data-dir`), only the rows after them are the run's.
 */
export interface Baseline {
  orders: number;
  payments: number;
  sponsorships: number;
  audit: number;
  outbox: number;
}

async function withClient<T>(databaseUrl: string, read: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await read(client);
  } finally {
    await client.end();
  }
}

export function readBaseline(databaseUrl: string): Promise<Baseline> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<Baseline>(`select
      (select coalesce(max(id), 0) from orders)::int as orders,
      (select coalesce(max(id), 0) from payments)::int as payments,
      (select coalesce(max(id), 0) from sponsorships)::int as sponsorships,
      (select coalesce(max(id), 0) from audit_log)::int as audit,
      (select coalesce(max(id), 0) from email_outbox)::int as outbox`);
    return rows[0] as Baseline;
  });
}

/** Reads what the comparison needs straight from the server's database (DATABASE_URL), after the run: the run's rows, past `after`. */
export function readDatabaseState(databaseUrl: string, after: Baseline): Promise<DatabaseState> {
  return withClient(databaseUrl, async (client) => {
    const rows = async <T>(text: string, values: number[]) => (await client.query(text, values)).rows as T[];
    return {
      orders: await rows(
        `select order_key, status, payment_status, total_cents, custom_fields from orders where id > $1`,
        [after.orders],
      ),
      payments: await rows(
        `select p.payment_key, p.kind, p.status, p.amount_cents, o.order_key
           from payments p left join orders o on o.id = p.order_id
          where p.id > $1`,
        [after.payments],
      ),
      allocations: await rows(
        `select p.payment_key, a.sponsorship_id, a.amount_cents
           from payment_allocations a join payments p on p.id = a.payment_id
          where p.status = 'succeeded' and p.id > $1`,
        [after.payments],
      ),
      sponsorships: await rows(`select id, total_cents, paid_cents from sponsorships where id > $1`, [
        after.sponsorships,
      ]),
      transactions: await rows(
        `select p.payment_key, t.sponsorship_id, t.amount_cents
           from sponsorship_transactions t left join payments p on p.id = t.payment_id
          where t.payment_status = 1 and t.sponsorship_id > $1`,
        [after.sponsorships],
      ),
      moves: await rows(
        `select o.order_key, a.changes->'before'->>'status' as "from", a.changes->'after'->>'status' as "to"
           from audit_log a join orders o on o.id::text = a.entity_id
          where a.entity = 'order' and a.action = 'status' and a.id > $1 and o.id > $2
          order by a.id`,
        [after.audit, after.orders],
      ),
      receipts: await rows(
        `select to_address, count(*)::int as count from email_outbox
          where template = 'payment-receipt' and id > $1 group by to_address`,
        [after.outbox],
      ),
      mail: await rows(`select status, count(*)::int as count from email_outbox where id > $1 group by status`, [
        after.outbox,
      ]),
    };
  });
}
