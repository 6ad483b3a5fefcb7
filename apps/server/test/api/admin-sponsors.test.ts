import {
  ADMIN_LIST_PAGE_SIZE,
  AdminSponsorResponse,
  AdminSponsorsResponse,
  RecordHistoryResponse,
  type SPONSOR_SORTS,
} from '@portal/contracts/admin-sponsors';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, sponsors, users } from '../../src/db/schema/index.ts';
import {
  bearer,
  createSponsorUser,
  mailsTo,
  newSponsorFields,
  sessionsOf,
  signedInSchool,
  signedInSponsor,
  type signedInStaff,
  signedInStaffTeam,
  signIn,
  uniqueEmail,
  userById,
} from '../helpers/accounts.ts';
import { sentEnquiry } from '../helpers/enquiries.ts';
import { expectWalked, idsByCursor, idsByNumber } from '../helpers/keyset.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let rep: Awaited<ReturnType<typeof signedInStaff>>;
let otherRep: Awaited<ReturnType<typeof signedInStaff>>;
let school: Awaited<ReturnType<typeof signedInSchool>>;
let sponsorSession: Awaited<ReturnType<typeof signedInSponsor>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, rep, otherRep } = await signedInStaffTeam(t));
  school = await signedInSchool(t);
  sponsorSession = await signedInSponsor(t);
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.api.get(url, token ? { headers: bearer(token) } : {});
const post = (url: string, body: unknown, token?: string) =>
  t.api.post(url, { body, ...(token ? { headers: bearer(token) } : {}) });

const newSponsor = newSponsorFields;

const inviteLink = new RegExp(`${TEST_PUBLIC_URL.replaceAll('.', '\\.')}/set-password/([A-Za-z0-9_-]+)`);

async function auditOf(entityId: number) {
  return t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'sponsor'), eq(audit_log.entity_id, String(entityId))));
}

describe('the role matrix', () => {
  it('refuses a school and a sponsor (403) and anyone signed out (401) on every sponsor call', async () => {
    const { user } = await createSponsorUser(t, { srep_id: rep.user.id });
    const calls = [
      () => get('/api/admin/sponsors'),
      () => post('/api/admin/sponsors', newSponsor()),
      () => get(`/api/admin/sponsors/${user.id}`),
      () => post(`/api/admin/sponsors/${user.id}`, newSponsor()),
      () => post(`/api/admin/sponsors/${user.id}/status`, { status: 0 }),
      () => post(`/api/admin/sponsors/${user.id}/invitation`, {}),
      () => get(`/api/admin/sponsors/${user.id}/history`),
    ];
    for (const call of calls) {
      const out = await call();
      expect(out.statusCode).toBe(401);
    }
    const asToken = (token: string) => [
      get('/api/admin/sponsors', token),
      post('/api/admin/sponsors', newSponsor(), token),
      get(`/api/admin/sponsors/${user.id}`, token),
      post(`/api/admin/sponsors/${user.id}`, newSponsor(), token),
      post(`/api/admin/sponsors/${user.id}/status`, { status: 0 }, token),
      post(`/api/admin/sponsors/${user.id}/invitation`, {}, token),
      get(`/api/admin/sponsors/${user.id}/history`, token),
    ];
    for (const token of [school.token, sponsorSession.token]) {
      for (const res of await Promise.all(asToken(token))) expect(res.statusCode).toBe(403);
    }
    expect((await userById(t, user.id))?.status).toBe(1);
  });

  it('answers another rep 404 for each call on a sponsor that is not theirs, and changes nothing', async () => {
    const { user } = await createSponsorUser(t, { srep_id: rep.user.id, business_name: 'Rita’s Sponsor' });
    for (const res of [
      await get(`/api/admin/sponsors/${user.id}`, otherRep.token),
      await post(`/api/admin/sponsors/${user.id}`, newSponsor(), otherRep.token),
      await post(`/api/admin/sponsors/${user.id}/status`, { status: 0 }, otherRep.token),
      await post(`/api/admin/sponsors/${user.id}/invitation`, {}, otherRep.token),
      await get(`/api/admin/sponsors/${user.id}/history`, otherRep.token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.notFound);
    }
    const [row] = await t.db.select().from(sponsors).where(eq(sponsors.user_id, user.id));
    expect(row?.business_name).toBe('Rita’s Sponsor');
    expect((await userById(t, user.id))?.status).toBe(1);
    expect(await auditOf(user.id)).toEqual([]);
    expect((await get(`/api/admin/sponsors/${user.id}`, rep.token)).statusCode).toBe(200);
    expect((await get(`/api/admin/sponsors/${user.id}`, admin.token)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/sponsors', () => {
  it('lists a rep only their own sponsors, and an admin all of them, with search, rep filter and counts', async () => {
    const tag = `Zephyr${Date.now()}`;
    const mine = await createSponsorUser(t, {
      srep_id: rep.user.id,
      business_name: `${tag} Books`,
      primary_name: 'Mia',
    });
    const theirs = await createSponsorUser(t, { srep_id: otherRep.user.id, business_name: `${tag} Tools` });
    await sponsorshipOf(t, mine.user.id, 10_000, { paid: 2_500 });
    await sponsorshipOf(t, mine.user.id, 4_000);

    const asRep = AdminSponsorsResponse.parse((await get(`/api/admin/sponsors?q=${tag}`, rep.token)).json());
    expect(asRep.sponsors.map((s) => s.user_id)).toEqual([mine.user.id]);
    expect(asRep.sponsors[0]).toMatchObject({
      business_name: `${tag} Books`,
      email: mine.email,
      rep_name: 'Rita Delgado',
      sponsorships: 2,
      owed_cents: 11_500,
      has_password: true,
    });
    // A rep cannot widen the list with another rep's id.
    const widened = AdminSponsorsResponse.parse(
      (await get(`/api/admin/sponsors?q=${tag}&srep_id=${otherRep.user.id}`, rep.token)).json(),
    );
    expect(widened.sponsors.map((s) => s.user_id)).toEqual([mine.user.id]);

    const asAdmin = AdminSponsorsResponse.parse(
      (await get(`/api/admin/sponsors?q=${tag}&sort=company_asc`, admin.token)).json(),
    );
    expect(asAdmin.sponsors.map((s) => s.user_id)).toEqual([mine.user.id, theirs.user.id]);
    expect(asAdmin.total).toBe(2);
    const filtered = AdminSponsorsResponse.parse(
      (await get(`/api/admin/sponsors?q=${tag}&srep_id=${otherRep.user.id}`, admin.token)).json(),
    );
    expect(filtered.sponsors.map((s) => s.user_id)).toEqual([theirs.user.id]);
    const byEmail = AdminSponsorsResponse.parse((await get(`/api/admin/sponsors?q=${mine.email}`, admin.token)).json());
    expect(byEmail.sponsors.map((s) => s.user_id)).toEqual([mine.user.id]);
  });

  it('refuses a bad sort or page with a message', async () => {
    const res = await get('/api/admin/sponsors?sort=price&page=0', admin.token);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'sort']);
  });
});

describe('GET /api/admin/sponsors, deep by cursor', () => {
  type Sort = (typeof SPONSOR_SORTS)[number];
  /** The order each sort puts the sponsors in, as a plain query reads it. */
  const PLAIN_ORDER: Record<Sort, ReturnType<typeof sql>> = {
    created_desc: sql`u.created_at desc, u.id desc`,
    created_asc: sql`u.created_at, u.id`,
    company_asc: sql`lower(s.business_name), u.id`,
    company_desc: sql`lower(s.business_name) desc, u.id desc`,
  };
  const plain = async (tag: string, sort: Sort, repId?: number) =>
    (
      await t.db.execute<{ id: number }>(sql`select u.id from users u join sponsors s on s.user_id = u.id
        where s.business_name ilike ${`%${tag}%`} ${repId ? sql`and s.srep_id = ${repId}` : sql``}
        order by ${PLAIN_ORDER[sort]}`)
    ).rows.map((r) => r.id);
  const read = (query: string, token: string) => async (after: string | undefined) => {
    const url = `/api/admin/sponsors?${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const answer = AdminSponsorsResponse.parse((await get(url, token)).json());
    return { ids: answer.sponsors.map((s) => s.user_id), next: answer.next };
  };
  const readPage = (query: string, token: string) => async (page: number) =>
    read(`${query}&page=${page}`, token)(undefined);
  const FIRST_CREATED = "timestamptz '2025-02-01 09:30:00.654321+00'";
  /**
   * `count` sponsors, every other one the rep's, named and created in fives alike (the same
   * company but for its capitals, the same moment to the microsecond), so that ties are
   * broken by number.
   */
  async function sponsorsOf(
    tag: string,
    count: number,
    from = 1,
    created = `${FIRST_CREATED} + (g / 5) * interval '1 hour'`,
  ) {
    await t.db.execute(`
      with made as (
        insert into users (email, usertype, created_at)
        select '${tag.toLowerCase()}-' || g || '@example.org', ${USER_TYPE.sponsor}, ${created}
          from generate_series(${from}, ${from + count - 1}) g
        returning id, email)
      insert into sponsors (user_id, business_name, srep_id)
      select id, (array['${tag}', upper('${tag}'), lower('${tag}')])[n % 3 + 1] || ' Dental ' || lpad((n / 5)::text, 3, '0'),
             case when n % 2 = 0 then ${rep.user.id} else ${otherRep.user.id} end
        from (select id, split_part(split_part(email, '-', 2), '@', 1)::int as n from made) numbered`);
  }

  it('walks every sort page after page: each sponsor once, as the numbered pages and a plain query order them, whatever is added meanwhile; a rep only their own', async () => {
    const tag = `Keyset${Date.now()}`;
    await sponsorsOf(tag, 60);
    const renamed = (n: number, company: string) =>
      t.db.execute(sql`update sponsors set business_name = ${company}
        where user_id = (select id from users where email = ${`${tag.toLowerCase()}-${n}@example.org`})`);
    for (const sort of Object.keys(PLAIN_ORDER) as Sort[]) {
      const before = await plain(tag, sort);
      const query = `q=${tag}&sort=${sort}`;
      expect(await idsByNumber(readPage(query, admin.token), ADMIN_LIST_PAGE_SIZE)).toEqual(before);
      const walk = await idsByCursor(read(query, admin.token), async () => {
        // Added while the list is read: one first and one last by company and by date, and one
        // tied with the middle of the list (the same company but for its capitals, the same moment).
        const n = before.length + 1;
        await sponsorsOf(tag, 1, n, "timestamptz '2032-01-01 00:00:00.000001+00'");
        await sponsorsOf(tag, 1, n + 1, "timestamptz '2002-01-01 00:00:00.999999+00'");
        await sponsorsOf(tag, 1, n + 2, `${FIRST_CREATED} + interval '6 hours'`);
        await renamed(n, `Aaa ${tag}`);
        await renamed(n + 1, `Zzz ${tag}`);
        await renamed(n + 2, `${tag.toUpperCase()} DENTAL 006`);
      });
      expectWalked(walk, before, await plain(tag, sort));
      // A rep walks only their own, whatever srep_id asks.
      const own = await plain(tag, sort, rep.user.id);
      expect(own.length).toBeGreaterThan(ADMIN_LIST_PAGE_SIZE);
      const asRep = await idsByCursor(read(`${query}&srep_id=${otherRep.user.id}`, rep.token));
      expect(asRep.seen).toEqual(own);
    }
    const stale = await get(`/api/admin/sponsors?q=${tag}&after=not-a-cursor`, admin.token);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ message: MSG.pageCursorInvalid, errors: { after: MSG.pageCursorInvalid } });
    const byCompany = AdminSponsorsResponse.parse(
      (await get(`/api/admin/sponsors?q=${tag}&sort=company_asc`, admin.token)).json(),
    );
    const mixed = await get(`/api/admin/sponsors?q=${tag}&sort=created_desc&after=${byCompany.next}`, admin.token);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ message: MSG.pageCursorInvalid });
  });
});

describe('POST /api/admin/sponsors', () => {
  it('creates the sponsor without a password, e-mails a set-password link that works, and audits it', async () => {
    const body = newSponsor({ srep_id: rep.user.id });
    const res = await post('/api/admin/sponsors', body, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.sponsorCreated);
    const userId = res.json().user_id as number;
    const user = await userById(t, userId);
    expect(user).toMatchObject({ email: body.primary_email, usertype: USER_TYPE.sponsor, password_hash: null });
    const [profile] = await t.db.select().from(sponsors).where(eq(sponsors.user_id, userId));
    expect(profile).toMatchObject({
      business_name: 'Acme Hardware',
      srep_id: rep.user.id,
      primary_name: 'Ann Example',
    });

    const audit = await auditOf(userId);
    expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([['create', admin.user.id]]);

    const mails = await mailsTo(t, body.primary_email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.template).toBe('sponsor-invitation');
    expect(mails[0]?.text).toContain('expires in 7 days');
    const key = mails[0]?.text.match(inviteLink)?.[1];
    expect(key).toBeTruthy();

    const set = await post('/api/setpassword', {
      securitykey: key,
      npassword: 'new-pass-123',
      cpassword: 'new-pass-123',
    });
    expect(set.statusCode, set.body).toBe(200);
    const token = await signIn(t, { email: body.primary_email, password: 'new-pass-123' }, USER_TYPE.sponsor);
    const details = await get('/api/sponsordetails', token);
    expect(details.json().result).toMatchObject({ business_name: 'Acme Hardware', srep_id: rep.user.id });
    // Used once: the same link no longer sets a password.
    const again = await post('/api/setpassword', {
      securitykey: key,
      npassword: 'other-pass-1',
      cpassword: 'other-pass-1',
    });
    expect(again.statusCode).toBe(400);

    const detail = AdminSponsorResponse.parse((await get(`/api/admin/sponsors/${userId}`, admin.token)).json());
    expect(detail.sponsor.has_password).toBe(true);
    const resend = await post(`/api/admin/sponsors/${userId}/invitation`, {}, admin.token);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(MSG.sponsorHasPassword);
  });

  it('makes a rep the rep of the sponsor they create, whatever srep_id says', async () => {
    const res = await post('/api/admin/sponsors', newSponsor({ srep_id: otherRep.user.id }), rep.token);
    expect(res.statusCode, res.body).toBe(200);
    const [profile] = await t.db.select().from(sponsors).where(eq(sponsors.user_id, res.json().user_id));
    expect(profile?.srep_id).toBe(rep.user.id);
  });

  it('answers 409 on primary_email for an address already used, whatever its capitals, and writes nothing', async () => {
    const before = await t.db.select({ id: users.id }).from(users);
    const res = await post(
      '/api/admin/sponsors',
      newSponsor({ primary_email: school.email.toUpperCase() }),
      admin.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: MSG.sponsorEmailInUse,
      errors: { primary_email: MSG.sponsorEmailInUse },
    });
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('gives field messages for bad input and an unknown rep', async () => {
    const res = await post(
      '/api/admin/sponsors',
      newSponsor({ business_name: '', primary_email: 'not-an-address', primary_phone: '12' }),
      admin.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      business_name: MSG.businessNameRequired,
      primary_email: MSG.invalidEmail,
    });
    expect(res.json().errors.primary_phone).toBeTruthy();
    const email = uniqueEmail('norep');
    const badRep = await post(
      '/api/admin/sponsors',
      newSponsor({ primary_email: email, srep_id: admin.user.id }),
      admin.token,
    );
    expect(badRep.statusCode).toBe(400);
    expect(badRep.json().errors).toEqual({ srep_id: MSG.unknownSalesRep });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('sends the invitation again with a new link; the older one stops working', async () => {
    const body = newSponsor();
    const userId = (await post('/api/admin/sponsors', body, rep.token)).json().user_id as number;
    const res = await post(`/api/admin/sponsors/${userId}/invitation`, {}, rep.token);
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(t, body.primary_email);
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((m) => m.text.match(inviteLink)?.[1]);
    const old = await post('/api/setpassword', {
      securitykey: first,
      npassword: 'new-pass-123',
      cpassword: 'new-pass-123',
    });
    expect(old.statusCode).toBe(400);
    const ok = await post('/api/setpassword', {
      securitykey: second,
      npassword: 'new-pass-123',
      cpassword: 'new-pass-123',
    });
    expect(ok.statusCode).toBe(200);
    expect((await auditOf(userId)).map((a) => a.action).sort()).toEqual(['create', 'invite']);
  });
});

describe('GET /api/admin/sponsors/:id', () => {
  it('shows the profile, the rep, the sponsorships and the enquiries a rep may see', async () => {
    const { user, email } = await createSponsorUser(t, {
      srep_id: rep.user.id,
      business_name: 'Detail Co',
      primary_name: 'Dee Tail',
    });
    const sponsorship = await sponsorshipOf(t, user.id, 9_000, { paid: 1_000 });
    const mine = await sentEnquiry(t, user.id, rep.user.id);
    const former = await sentEnquiry(t, user.id, otherRep.user.id);
    const asRep = AdminSponsorResponse.parse((await get(`/api/admin/sponsors/${user.id}`, rep.token)).json());
    expect(asRep.sponsor).toMatchObject({
      user_id: user.id,
      business_name: 'Detail Co',
      primary_name: 'Dee Tail',
      primary_email: email,
      srep_id: rep.user.id,
      rep_name: 'Rita Delgado',
      status: 1,
      has_password: true,
    });
    expect(asRep.sponsor.sponsorships).toEqual([
      { id: sponsorship.id, year: sponsorship.year, status: sponsorship.status, total_cents: 9_000, paid_cents: 1_000 },
    ]);
    expect(asRep.sponsor.enquiries.map((e) => [e.id, e.state])).toEqual([[mine.id, 'open']]);
    const asAdmin = AdminSponsorResponse.parse((await get(`/api/admin/sponsors/${user.id}`, admin.token)).json());
    expect(asAdmin.sponsor.enquiries.map((e) => e.id).sort()).toEqual([mine.id, former.id].sort());
    expect((await get('/api/admin/sponsors/abc', admin.token)).statusCode).toBe(400);
    expect((await get('/api/admin/sponsors/999999', admin.token)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/sponsors/:id', () => {
  it('saves the profile and audits what changed; only an admin changes the rep', async () => {
    const { user, email } = await createSponsorUser(t, { srep_id: rep.user.id, business_name: 'Old Name' });
    const body = newSponsor({ primary_email: email, business_name: 'New Name', srep_id: otherRep.user.id });
    const asRep = await post(`/api/admin/sponsors/${user.id}`, body, rep.token);
    expect(asRep.statusCode, asRep.body).toBe(200);
    let [row] = await t.db.select().from(sponsors).where(eq(sponsors.user_id, user.id));
    expect(row).toMatchObject({ business_name: 'New Name', srep_id: rep.user.id });

    const asAdmin = await post(`/api/admin/sponsors/${user.id}`, body, admin.token);
    expect(asAdmin.statusCode).toBe(200);
    [row] = await t.db.select().from(sponsors).where(eq(sponsors.user_id, user.id));
    expect(row?.srep_id).toBe(otherRep.user.id);
    // Handed to another rep, the sponsor is gone from the first rep's reach.
    expect((await get(`/api/admin/sponsors/${user.id}`, rep.token)).statusCode).toBe(404);

    const history = RecordHistoryResponse.parse(
      (await get(`/api/admin/sponsors/${user.id}/history`, admin.token)).json(),
    );
    expect(history.entries.map((e) => [e.action, e.actor_user_id, e.after])).toEqual([
      ['update', admin.user.id, { srep_id: otherRep.user.id }],
      ['update', rep.user.id, expect.objectContaining({ business_name: 'New Name' })],
    ]);
    expect(history.entries[1]?.before).toMatchObject({ business_name: 'Old Name' });
  });

  it('refuses a save made over a change from another tab, and keeps that change', async () => {
    const { user, email } = await createSponsorUser(t, { srep_id: rep.user.id, business_name: 'Both Tabs Co' });
    const opened = AdminSponsorResponse.parse((await get(`/api/admin/sponsors/${user.id}`, rep.token)).json()).sponsor
      .version;
    const first = await post(
      `/api/admin/sponsors/${user.id}`,
      newSponsor({ primary_email: email, business_name: 'Saved In Tab One', version: opened }),
      rep.token,
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(
      `/api/admin/sponsors/${user.id}`,
      newSponsor({ primary_email: email, business_name: 'Saved In Tab Two', version: opened }),
      rep.token,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MSG.adminSponsorChanged);
    const [row] = await t.db.select().from(sponsors).where(eq(sponsors.user_id, user.id));
    expect(row?.business_name).toBe('Saved In Tab One');
    // Reloaded, the second tab edits the current version.
    const current = AdminSponsorResponse.parse((await get(`/api/admin/sponsors/${user.id}`, rep.token)).json()).sponsor
      .version;
    const again = await post(
      `/api/admin/sponsors/${user.id}`,
      newSponsor({ primary_email: email, business_name: 'Saved In Tab Two', version: current }),
      rep.token,
    );
    expect(again.statusCode).toBe(200);
  });

  it('refuses an e-mail another account has (409)', async () => {
    const { user } = await createSponsorUser(t, { srep_id: rep.user.id });
    const res = await post(`/api/admin/sponsors/${user.id}`, newSponsor({ primary_email: school.email }), rep.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ primary_email: MSG.emailInUse });
  });
});

describe('POST /api/admin/sponsors/:id/status', () => {
  it('disables the account, ends its sessions, refuses its sign-in, and enables it again', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: rep.user.id });
    const res = await post(`/api/admin/sponsors/${sponsor.user.id}/status`, { status: 0 }, rep.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.sponsorDisabled);
    expect((await sessionsOf(t, sponsor.user.id)).every((s) => s.revoked_at !== null)).toBe(true);
    expect((await get('/api/sponsordetails', sponsor.token)).statusCode).toBe(401);
    const login = await t.api.post('/api/login', {
      body: { username: sponsor.email, password: sponsor.password, usertype: USER_TYPE.sponsor },
      remoteAddress: '10.9.9.9',
    });
    expect(login.statusCode).toBe(403);

    expect((await post(`/api/admin/sponsors/${sponsor.user.id}/status`, { status: 1 }, admin.token)).statusCode).toBe(
      200,
    );
    expect((await userById(t, sponsor.user.id))?.status).toBe(1);
    expect((await auditOf(sponsor.user.id)).map((a) => [a.action, a.actor_user_id])).toEqual([
      ['disable', rep.user.id],
      ['enable', admin.user.id],
    ]);
    const bad = await post(`/api/admin/sponsors/${sponsor.user.id}/status`, { status: 2 }, admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: MSG.invalidValue });
  });
});
