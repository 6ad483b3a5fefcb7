import { AdminMoneyOwedResponse } from '@portal/contracts/admin-money-owed';
import { AdminSponsorsResponse } from '@portal/contracts/admin-sponsors';
import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sponsorships } from '../../src/db/schema/index.ts';
import { BACK_OFFICE_TABLES } from '../../src/modules/admin/back-office-tables.ts';
import { bearer, createSponsorUser, newSponsorFields, signedInStaffTeam, uniqueEmail } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { queriesDuring } from '../helpers/queries-during.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
let team: Awaited<ReturnType<typeof signedInStaffTeam>>;
/** Another server's connection: what it changes reaches this one only through the change feed. */
let elsewhere: pg.Client;

beforeAll(async () => {
  t = clocked.app();
  team = await signedInStaffTeam(t);
  elsewhere = new pg.Client({ connectionString: t.database.url });
  await elsewhere.connect();
});
afterAll(() => elsewhere?.end());

/**
 * A GET straight to the app, as a browser's next click: without the test client's wait for
 * the change feed, so that only what the server itself does keeps the answer right.
 */
const read = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const sponsorNames = async (token: string, q: string) => {
  const res = await read(`/api/admin/sponsors?q=${encodeURIComponent(q)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return AdminSponsorsResponse.parse(res.json()).sponsors.map((row) => row.business_name);
};

describe('the back office’s answers from memory', () => {
  it('has every table they are read from tell the change feed', async () => {
    const { rows } = await t.db.execute<{ table: string }>(sql`
      select c.relname as table from pg_trigger tg
        join pg_class c on c.oid = tg.tgrelid join pg_proc p on p.oid = tg.tgfoid
       where p.proname = 'notify_table_changed' and not tg.tgisinternal`);
    const told = new Set(rows.map((row) => row.table));
    expect(BACK_OFFICE_TABLES.filter((table) => !told.has(table))).toEqual([]);
  });

  it('answers the same page again without the database, and a staff change on the very next read', async () => {
    const token = team.admin.token;
    await createSponsorUser(t, { business_name: 'Quillfeather Bakery One' });
    // The notice of the new sponsor, heard before the list is read: else it would drop the answer being read.
    await t.ctx.feed.sync();
    expect(await sponsorNames(token, 'Quillfeather')).toEqual(['Quillfeather Bakery One']);
    expect(await queriesDuring(t, () => sponsorNames(token, 'Quillfeather'))).toBe(0);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sponsors',
      headers: { ...bearer(token), [XSRF_HEADER]: await t.api.xsrfToken() },
      cookies: { [XSRF_COOKIE]: await t.api.xsrfToken() },
      payload: newSponsorFields({ business_name: 'Quillfeather Bakery Two', primary_email: uniqueEmail('quill') }),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await sponsorNames(token, 'Quillfeather')).sort()).toEqual([
      'Quillfeather Bakery One',
      'Quillfeather Bakery Two',
    ]);
  });

  it('hears another server’s change through the feed', async () => {
    const token = team.admin.token;
    const { sponsor } = await createSponsorUser(t, { business_name: 'Larkspur Florist' });
    expect(await sponsorNames(token, 'Larkspur')).toEqual(['Larkspur Florist']);
    await elsewhere.query(`update sponsors set business_name = 'Larkspur Flowers' where id = $1`, [sponsor.id]);
    // The test client waits for the feed, as the next request a person makes comes after its notice.
    const res = await t.api.get('/api/admin/sponsors?q=Larkspur', { headers: bearer(token) });
    expect(AdminSponsorsResponse.parse(res.json()).sponsors.map((row) => row.business_name)).toEqual([
      'Larkspur Flowers',
    ]);
  });

  it('never answers a rep with what an administrator or another rep was sent', async () => {
    await createSponsorUser(t, { business_name: 'Marigold Mine', srep_id: team.rep.user.id });
    await createSponsorUser(t, { business_name: 'Marigold Theirs', srep_id: team.otherRep.user.id });
    expect((await sponsorNames(team.admin.token, 'Marigold')).sort()).toEqual(['Marigold Mine', 'Marigold Theirs']);
    expect(await sponsorNames(team.rep.token, 'Marigold')).toEqual(['Marigold Mine']);
    expect(await sponsorNames(team.otherRep.token, 'Marigold')).toEqual(['Marigold Theirs']);
    // A rep's answer is the rep's own, even for the same query as another rep's.
    expect(await sponsorNames(team.rep.token, 'Marigold')).toEqual(['Marigold Mine']);
  });

  it('moves what is overdue at midnight in Tampa, with nothing else changed', async () => {
    const { user } = await createSponsorUser(t, { business_name: 'Tamarind Tea House', srep_id: team.rep.user.id });
    const s = await sponsorshipOf(t, user.id, 25_000, { status: 'Approved' });
    const created = new Date('2027-01-01T17:00:00Z');
    await t.db.update(sponsorships).set({ created_at: created }).where(eq(sponsorships.id, s.id));
    const bandOf = async () => {
      const res = await read('/api/admin/money-owed?kind=sponsorship', team.rep.token);
      expect(res.statusCode, res.body).toBe(200);
      return AdminMoneyOwedResponse.parse(res.json()).rows.find((row) => row.record_id === s.id)?.days_overdue;
    };
    // 11:59 pm and then 12:01 am in Tampa (EST is UTC−5).
    clocked.setToday(new Date('2027-03-10T04:59:00Z'));
    await t.api.get('/api/admin/dashboard', { headers: bearer(team.rep.token) });
    const before = await bandOf();
    expect(await bandOf()).toBe(before);
    clocked.setToday(new Date('2027-03-10T05:01:00Z'));
    expect(await bandOf()).toBe((before ?? 0) + 1);
  });
});
