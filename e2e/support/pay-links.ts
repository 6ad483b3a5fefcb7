import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { createDatabase, type Database } from '../../apps/server/src/db/client.ts';
import {
  payment_allocations,
  payment_disputes,
  payments,
  test_gateway_sessions,
} from '../../apps/server/src/db/schema/index.ts';
import { randomToken } from '../../apps/server/src/lib/tokens.ts';
import { writeSponsorshipPayLink } from '../../apps/server/src/modules/sponsorships/create-sponsorship-pay-link.ts';
import { createSponsor, createSponsorship } from '../../apps/server/src/seed/factories.ts';
import { DEMO, linkMailedTo, uniqueEmail } from './accounts.ts';
import { usd } from './orders.ts';

/**
 * Pay links are made by staff in the back office; until it has a screen for them, a test
 * makes its own data in the e2e server's database, through the same functions: a new
 * sponsor (who can sign in with the demo password), one sponsorship, and a pay link for it.
 */

/** The embedded cluster of the e2e server: its port is the fourth line of postmaster.pid. */
function e2eDatabase(): Database {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  const pid = readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return createDatabase(`postgres://portal:${encodeURIComponent(password)}@127.0.0.1:${pid[3]}/portal`, { max: 1 });
}

export interface MadePayLink {
  email: string;
  companyName: string;
  sponsorshipId: number;
  linkKey: string;
}

/** A sponsor with one Approved sponsorship of `cents` and, when `linked`, a pay link for all that is left. */
export async function sponsorWithPayLink(cents: number, { linked = true } = {}): Promise<MadePayLink> {
  const db = e2eDatabase();
  try {
    const email = uniqueEmail('paylink');
    const companyName = 'Bayshore Orthodontics of Greater Tampa Bay';
    const { user } = await createSponsor(db, { email, password: DEMO.password, business_name: companyName });
    const sponsorship = await createSponsorship(db, {
      sponsorId: user.id,
      year: new Date().getFullYear(),
      status: 'Approved',
      items: [{ sponsorship_type: 'Planner ad', adv_size: 'Full page', qty: 1, rate_cents: cents }],
    });
    const linkKey = linked
      ? (await writeSponsorshipPayLink(db, { sponsorshipId: sponsorship.id, linkKey: randomToken(), now: new Date() }))
          .linkKey
      : '';
    return { email, companyName, sponsorshipId: sponsorship.id, linkKey };
  } finally {
    await db.$client.end();
  }
}

/** Pays on the test gateway's hosted page with `number` (a good or a declined card, D13). */
export async function payOnTestGateway(page: Page, number: string, cents: number) {
  await expect(page).toHaveURL(/\/pay\/test\//);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Sam Sponsor');
  await page.getByRole('button', { name: `Pay ${usd(cents)}` }).click();
}

/**
 * Nothing is wider than the window (a phone's 375 px): no sideways scrolling. Read once the
 * page has laid itself out at its width: right after a resize, the layout of the width
 * before may still stand for a frame or two. A page that stays too wide fails.
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: 'the page is wider than the window',
    })
    .toBeLessThanOrEqual(0);
}

/** How many payments were started for a sponsorship (each allocated to it). */
export async function paymentsStartedFor(sponsorshipId: number): Promise<number> {
  const db = e2eDatabase();
  try {
    const rows = await db
      .select({ id: payment_allocations.payment_id })
      .from(payment_allocations)
      .where(eq(payment_allocations.sponsorship_id, sponsorshipId));
    return rows.length;
  } finally {
    await db.$client.end();
  }
}

/**
 * The test gateway will take `cents` on the checkout at `paymentLink` (its hosted page)
 * instead of what the payment asked, as a gateway's fault or a tampered page would: the
 * server must then leave the payment for staff. Answers the payment's number.
 */
export async function gatewayWillTake(paymentLink: string, cents: number): Promise<number> {
  const sessionId = new URL(paymentLink, 'http://localhost').pathname.split('/').at(-1) ?? '';
  const db = e2eDatabase();
  try {
    await db.update(test_gateway_sessions).set({ amount_cents: cents }).where(eq(test_gateway_sessions.id, sessionId));
    const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.gateway_ref, sessionId));
    if (!payment) throw new Error(`no payment started at ${paymentLink}`);
    return payment.id;
  } finally {
    await db.$client.end();
  }
}

/**
 * A card dispute of a paid payment, open, as the gateway's webhook records it (the test
 * gateway has no disputes of its own): the bank wants an answer by `respondBy`.
 */
export async function disputeReported(paymentLink: string, cents: number, respondBy: Date): Promise<number> {
  const sessionId = new URL(paymentLink, 'http://localhost').pathname.split('/').at(-1) ?? '';
  const db = e2eDatabase();
  try {
    const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.gateway_ref, sessionId));
    if (!payment) throw new Error(`no payment started at ${paymentLink}`);
    await db.insert(payment_disputes).values({
      payment_id: payment.id,
      gateway_ref: `dp_${randomToken().slice(0, 16)}`,
      amount_cents: cents,
      reason: 'product_not_received',
      status: 'open',
      respond_by: respondBy,
    });
    return payment.id;
  } finally {
    await db.$client.end();
  }
}

/** The newest order pay link e-mailed to `email`. */
export const orderPayLinkFor = (page: Page, email: string) =>
  linkMailedTo(page, email, 'order-pay', 'an order pay link');
