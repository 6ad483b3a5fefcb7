import { SponsorshipsResponse, type TSponsorshipsResponse } from '@portal/contracts/sponsorships';
import { sql } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSponsorships } from '../../src/modules/sponsorships/list-sponsorships.ts';
import { bearer, signedInSponsor } from '../helpers/accounts.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { queriesDuring } from '../helpers/queries-during.ts';
import { paymentOfUrl, sponsorshipOf } from '../helpers/sponsorships.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** Another server's connection: what it changes reaches this one only through the change feed. */
let elsewhere: pg.Client;
beforeAll(async () => {
  t = await createTestApp();
  elsewhere = new pg.Client({ connectionString: t.database.url });
  await elsewhere.connect();
});
afterAll(async () => {
  await elsewhere?.end();
  await t?.close();
});

type Sponsor = Awaited<ReturnType<typeof signedInSponsor>>;

const list = (sponsor: Sponsor, query = '') =>
  t.api.get(`/api/sponsorship${query}`, { headers: bearer(sponsor.token) });
const listed = async (sponsor: Sponsor, query = ''): Promise<TSponsorshipsResponse> => {
  const res = await list(sponsor, query);
  expect(res.statusCode, res.body).toBe(200);
  return SponsorshipsResponse.parse(res.json());
};

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until the change feed has relayed every notice sent so far: PostgreSQL delivers
 * them in order, so once a marker sent now arrives, the notices of earlier writes (which
 * would empty the cache) have all been heard.
 */
async function feedCaughtUp(): Promise<void> {
  const marker = `caught-up-${Math.random().toString(36).slice(2)}`;
  const arrived = heard(marker);
  await t.db.execute(sql`select pg_notify('table_changed', ${marker})`);
  await arrived;
}

/** Resolves when the change feed next tells of `table`. */
function heard(table: string): Promise<void> {
  return new Promise((resolve) => t.ctx.feed.on(table, () => resolve()));
}

describe('GET /api/sponsorship from memory', () => {
  it('answers the same page again without asking the database, byte for byte what the query makes', async () => {
    const sponsor = await signedInSponsor(t);
    const a = await sponsorshipOf(t, sponsor.user.id, 12_000, { year: 2025 });
    const b = await sponsorshipOf(t, sponsor.user.id, 30_000, { paid: 5_000, status: 'Partial' });
    // The feed's notice of these rows has been heard before the list is cached.
    await t.ctx.feed.sync();
    // The notices of these writes must not empty the cache after the first answer is kept.
    await feedCaughtUp();
    const first = await list(sponsor, '?page=1');
    expect(first.statusCode).toBe(200);
    // What the route sent before it answered from memory: the query's answer through the response schema.
    const serialize = serializerCompiler({ schema: SponsorshipsResponse, method: 'GET', url: '/api/sponsorship' });
    expect(first.body).toBe(serialize(await listSponsorships(t.ctx, sponsor.user.id, { page: 1 })));
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json()).toMatchObject({
      sponsorships: [
        { sponsorship_grp_id: b.id, left_amount: 25_000 },
        { sponsorship_grp_id: a.id, left_amount: 12_000 },
      ],
      unpaid_sponsorships: 2,
      latest_sponsorship_id: b.id,
      latest_left_amount: 25_000,
    });

    let again: Awaited<ReturnType<typeof list>> | undefined;
    expect(await queriesDuring(t, async () => (again = await list(sponsor, '?page=1')))).toBe(0);
    expect(again?.body).toBe(first.body);
    expect(again?.headers['cache-control']).toBe('private, no-store');
    // Another page or year is another answer, read once.
    expect(await queriesDuring(t, () => list(sponsor, '?page=1&year=2025'))).toBe(1);
    expect(await queriesDuring(t, () => list(sponsor, '?page=1&year=2025'))).toBe(0);
  });

  it('never answers one sponsor with another’s list', async () => {
    const one = await signedInSponsor(t);
    const two = await signedInSponsor(t);
    const ones = await sponsorshipOf(t, one.user.id, 1_000);
    const twos = await sponsorshipOf(t, two.user.id, 2_000);
    // The feed's notice of these rows has been heard before the list is cached.
    await t.ctx.feed.sync();
    for (let round = 0; round < 2; round++) {
      expect((await listed(one)).sponsorships.map((s) => s.sponsorship_grp_id)).toEqual([ones.id]);
      expect((await listed(two)).sponsorships.map((s) => s.sponsorship_grp_id)).toEqual([twos.id]);
      expect((await listed(two, '?page=1')).latest_left_amount).toBe(2_000);
      expect((await listed(one, '?page=1')).latest_left_amount).toBe(1_000);
    }
  });

  it('shows a sponsorship changed by another server once the change feed tells of it', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    // The feed's notice of these rows has been heard before the list is cached.
    await t.ctx.feed.sync();
    expect((await listed(sponsor)).sponsorships[0]?.status).toBe('Approved');
    const told = heard('sponsorships');
    await elsewhere.query(`update sponsorships set status = 'Requested' where id = $1`, [s.id]);
    await told;
    expect((await listed(sponsor)).sponsorships[0]).toMatchObject({ sponsorship_grp_id: s.id, status: 'Requested' });
  });

  it('shows an item added by another server once the change feed tells of it', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    // The feed's notice of these rows has been heard before the list is cached.
    await t.ctx.feed.sync();
    expect((await listed(sponsor)).sponsorships[0]).toMatchObject({ total_qty: 1, total_amount: 10_000 });
    const told = heard('sponsorship_items');
    // As staff add an item: the item and the sponsorship's totals in one transaction.
    await elsewhere.query('begin');
    await elsewhere.query(
      `insert into sponsorship_items (sponsorship_id, sponsorship_type, qty, rate_cents, subtotal_cents, total_cents)
       values ($1, 'Homework folder', 2, 2500, 5000, 5000)`,
      [s.id],
    );
    await elsewhere.query(
      'update sponsorships set total_qty = total_qty + 2, total_cents = total_cents + 5000 where id = $1',
      [s.id],
    );
    await elsewhere.query('commit');
    await told;
    expect((await listed(sponsor)).sponsorships[0]).toMatchObject({
      total_qty: 3,
      total_amount: 15_000,
      left_amount: 15_000,
    });
  });

  it('tells of a payment attempt recorded by another server', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    // The feed's notice of these rows has been heard before the list is cached.
    await t.ctx.feed.sync();
    await listed(sponsor);
    expect(t.ctx.cache.sponsorshipLists.size).toBeGreaterThan(0);
    const told = heard('sponsorship_transactions');
    await elsewhere.query(
      `insert into sponsorship_transactions (sponsorship_id, transaction_id, amount_cents, payment_status)
       values ($1, 'elsewhere-1', 1000, 0)`,
      [s.id],
    );
    await told;
    expect(t.ctx.cache.sponsorshipLists.size).toBe(0);
  });

  it('drops every answer when the change feed loses its connection', async () => {
    const sponsor = await signedInSponsor(t);
    const s = await sponsorshipOf(t, sponsor.user.id, 10_000);
    // The feed's notice of these rows has been heard before the list is cached.
    await t.ctx.feed.sync();
    await listed(sponsor);
    expect(t.ctx.cache.sponsorshipLists.size).toBeGreaterThan(0);
    await elsewhere.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'change-feed' and datname = current_database()`,
    );
    await until(() => !t.ctx.feed.listening, 'the feed has lost its connection');
    expect(t.ctx.cache.sponsorshipLists.size).toBe(0);
    await until(() => t.ctx.feed.listening, 'the feed listens again');
    const told = heard('sponsorships');
    await elsewhere.query(`update sponsorships set status = 'Requested' where id = $1`, [s.id]);
    await told;
    expect((await listed(sponsor)).sponsorships[0]?.status).toBe('Requested');
  });
});

describe('GET /api/sponsorship after a payment in this process', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp();
    // No NOTIFY reaches this one: only what its own writers tell its caches counts.
    await quiet.ctx.feed.close();
  });
  afterAll(() => quiet?.close());

  it('shows the payment on the list asked right after its result page', async () => {
    const sponsor = await signedInSponsor(quiet);
    const s = await sponsorshipOf(quiet, sponsor.user.id, 10_000);
    const get = (url: string) => quiet.api.get(url, { headers: bearer(sponsor.token) });
    expect((await get('/api/sponsorship')).json()).toMatchObject({
      sponsorships: [{ sponsorship_grp_id: s.id, left_amount: 10_000, status: 'Approved' }],
    });
    const started = await quiet.api.post('/api/sponsorshippayment', {
      body: { sponsorship_id: String(s.id), amount: '40.00' },
      headers: bearer(sponsor.token),
    });
    expect(started.statusCode, started.body).toBe(200);
    const url = (started.json() as { paymentLink: string }).paymentLink;
    expect((await submitHostedPage(quiet, url, { card_number: CARDS.paid })).statusCode).toBe(303);
    const payment = await paymentOfUrl(quiet, url);
    const result = await get(`/api/sponsorshipconfirm?payment_key=${payment.payment_key}&return_via=success`);
    expect(result.json()).toMatchObject({ payment_result: 'paid', left_amount: 6_000 });
    expect((await get('/api/sponsorship')).json()).toMatchObject({
      sponsorships: [{ sponsorship_grp_id: s.id, left_amount: 6_000, left_amount_html: '$60.00', status: 'Partial' }],
      unpaid_sponsorships: 1,
      latest_left_amount: 6_000,
    });
  });
});
