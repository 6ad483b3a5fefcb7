import { createHash } from 'node:crypto';
import { PAYMENT_TERM_DAYS } from '@portal/contracts/payment-terms';
import type { Database } from './client.ts';

const TERM = String(PAYMENT_TERM_DAYS);

/**
 * What is owed, one row per open item: the one definition the database keeps
 * money_open_items by (migration 0052's triggers read it, as the view `money_owed_items`).
 *
 * Each invoice of an order with what is still owed on it, and each approved sponsorship with
 * its balance (a sponsorship is billed once, on approval). An order's invoices are paid
 * oldest due first by what the order holds (received less refunded) and by what its credit
 * notes credited, so that each invoice ages from its own due date and an invoice for tax
 * added later is owed, and reminded of, on its own terms. The open amounts of an order add
 * up to what it was invoiced less credited less held: it reads what was invoiced, never the
 * order's live total. A cancelled or refunded order owes nothing. Every document issued now
 * has its number; one kept without (issued before documents were numbered one by one) is the
 * order's first invoice, numbered on the order.
 *
 * A sponsorship is due PAYMENT_TERM_DAYS after staff approved it (`billed_on`), or after it
 * was created when it was never approved in the back office (set up as approved).
 */
export const OPEN_ITEMS_SQL = `
select kind, record_id, invoice_id, number, user_id, due_date, total_cents, paid_cents from (
  select 'order'::text as kind, d.order_id as record_id, d.invoice_id, d.number, d.user_id, d.due_date,
    d.total_cents, least(d.total_cents, greatest(0, d.pool - d.before))::int as paid_cents
  from (
    select i.id as invoice_id, i.order_id, o.school_user_id as user_id,
      coalesce(i.number, o.invoice_number) as number,
      coalesce(i.due_date, i.issue_date + ${TERM}) as due_date, i.total_cents,
      o.received_cents - o.refunded_cents + coalesce((
        select -sum(c.total_cents) from invoices c where c.order_id = o.id and c.kind = 'credit-note'
      ), 0) as pool,
      coalesce(sum(i.total_cents) over (
        partition by i.order_id order by coalesce(i.due_date, i.issue_date + ${TERM}), i.id
        rows between unbounded preceding and 1 preceding
      ), 0) as before
    from invoices i
    join orders o on o.id = i.order_id
    where i.kind = 'invoice' and o.invoice_number is not null
      and o.status <> 'Cancelled' and o.payment_status <> 'refunded'
  ) d
  union all
  select 'sponsorship'::text, sp.id, null::int, null::int, sp.sponsor_user_id, sp.billed_on + ${TERM},
    sp.total_cents, sp.paid_cents
  from sponsorships sp
  where sp.status in ('Approved', 'Partial')
) items
where total_cents > paid_cents`;

/** The definition's fingerprint, kept as the view's comment: a server finds at once whether its own is in place. */
const FINGERPRINT = createHash('sha256').update(OPEN_ITEMS_SQL).digest('hex').slice(0, 16);

/**
 * Puts this server's definition of an open item in place, after the migrations (which made
 * the table and the triggers that read the view) and under the same startup lock: when the
 * view is missing or another definition, it is replaced and every open item worked out
 * again from it, in one transaction, so that no one reads items of two definitions.
 * Nothing is done when it is already this one.
 */
export async function defineOpenItems(db: Database): Promise<void> {
  const { rows } = await db.$client.query<{ comment: string | null }>(
    `select obj_description(to_regclass('money_owed_items'), 'pg_class') as comment`,
  );
  if (rows[0]?.comment === FINGERPRINT) return;
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    await client.query('lock table money_open_items in exclusive mode');
    await client.query('drop view if exists money_owed_items');
    await client.query(`create view money_owed_items as ${OPEN_ITEMS_SQL}`);
    await client.query(`comment on view money_owed_items is '${FINGERPRINT}'`);
    await client.query('delete from money_open_items');
    await client.query('insert into money_open_items select * from money_owed_items');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
