import { asc, eq } from 'drizzle-orm';
import {
  email_outbox,
  payment_allocations,
  payments,
  sponsorship_transactions,
  sponsorships,
} from '../../src/db/schema/index.ts';
import { createSponsorship } from '../../src/seed/factories.ts';
import type { TestApp } from './test-app.ts';

/** A sponsorship of the sponsor's of `cents` in all (one item), `paid` of it already paid. */
export function sponsorshipOf(
  t: TestApp,
  sponsorId: number,
  cents: number,
  options: { paid?: number; status?: 'Requested' | 'Approved' | 'Partial' | 'Completed'; year?: number } = {},
) {
  return createSponsorship(t.db, {
    sponsorId,
    year: options.year ?? 2026,
    status: options.status ?? 'Approved',
    paid_cents: options.paid ?? 0,
    items: [{ sponsorship_type: 'Planner ad', adv_size: 'Full page', qty: 1, rate_cents: cents }],
  });
}

export async function storedSponsorship(t: TestApp, id: number) {
  const [row] = await t.db.select().from(sponsorships).where(eq(sponsorships.id, id));
  if (!row) throw new Error(`no sponsorship ${id}`);
  return row;
}

export function transactionsOf(t: TestApp, sponsorshipId: number) {
  return t.db
    .select()
    .from(sponsorship_transactions)
    .where(eq(sponsorship_transactions.sponsorship_id, sponsorshipId))
    .orderBy(asc(sponsorship_transactions.id));
}

export async function paymentByKey(t: TestApp, key: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.payment_key, key));
  if (!row) throw new Error(`no payment ${key}`);
  return row;
}

/** The payment a hosted page's address belongs to (the test gateway's session id is its reference). */
export async function paymentOfUrl(t: TestApp, url: string) {
  const ref = url.slice(url.lastIndexOf('/') + 1);
  const [row] = await t.db.select().from(payments).where(eq(payments.gateway_ref, ref));
  if (!row) throw new Error(`no payment for ${url}`);
  return row;
}

export function allocationsOf(t: TestApp, paymentId: number) {
  return t.db.select().from(payment_allocations).where(eq(payment_allocations.payment_id, paymentId));
}

export async function sponsorReceipts(t: TestApp, address: string) {
  const mails = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, address));
  return mails.filter((m) => m.template === 'payment-receipt');
}
