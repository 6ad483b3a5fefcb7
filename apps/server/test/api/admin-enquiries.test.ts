import {
  ADMIN_LIST_PAGE_SIZE,
  AdminEnquiriesResponse,
  AdminEnquiryResponse,
  AdminRequestsResponse,
  RecordHistoryResponse,
} from '@portal/contracts/admin-sponsors';
import { EnquiryDetailsResponse } from '@portal/contracts/enquiries';
import { MSG, tooLong } from '@portal/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, contact_requests, enquiry_replies } from '../../src/db/schema/index.ts';
import {
  bearer,
  mailsTo,
  signedInSchool,
  signedInSponsor,
  type signedInStaff,
  signedInStaffTeam,
  uniqueEmail,
} from '../helpers/accounts.ts';
import { sentEnquiry } from '../helpers/enquiries.ts';
import { expectWalked, forgedCursor, idsByCursor, idsByNumber } from '../helpers/keyset.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let rep: Awaited<ReturnType<typeof signedInStaff>>;
let otherRep: Awaited<ReturnType<typeof signedInStaff>>;
let school: Awaited<ReturnType<typeof signedInSchool>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, rep, otherRep } = await signedInStaffTeam(t));
  school = await signedInSchool(t);
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.api.get(url, token ? { headers: bearer(token) } : {});
const post = (url: string, body: unknown, token?: string) =>
  t.api.post(url, { body, ...(token ? { headers: bearer(token) } : {}) });

const auditOf = (entity: string, id: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, entity), eq(audit_log.entity_id, String(id))));

describe('the enquiries inbox', () => {
  it('refuses schools and sponsors (403), signed out (401), and another rep (404) on every call', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: rep.user.id });
    const enquiry = await sentEnquiry(t, sponsor.user.id, rep.user.id);
    const calls = (token?: string) => [
      get('/api/admin/enquiries', token),
      get(`/api/admin/enquiries/${enquiry.id}`, token),
      post(`/api/admin/enquiries/${enquiry.id}/replies`, { message: 'Hello' }, token),
      post(`/api/admin/enquiries/${enquiry.id}/close`, { closed: true }, token),
      get(`/api/admin/enquiries/${enquiry.id}/history`, token),
    ];
    for (const res of await Promise.all(calls())) expect(res.statusCode).toBe(401);
    for (const token of [school.token, sponsor.token]) {
      for (const res of await Promise.all(calls(token))) expect(res.statusCode).toBe(403);
    }
    const [list, ...byId] = await Promise.all(calls(otherRep.token));
    expect(AdminEnquiriesResponse.parse(list?.json()).enquiries.map((e) => e.id)).not.toContain(enquiry.id);
    for (const res of byId) expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(enquiry_replies).where(eq(enquiry_replies.enquiry_id, enquiry.id))).toEqual([]);
    expect(await auditOf('enquiry', enquiry.id)).toEqual([]);
    expect(await mailsTo(t, sponsor.email)).toEqual([]);
  });

  it('lists a rep their own sent enquiries newest first, an admin all, by state and words', async () => {
    const tag = `Quokka${Date.now()}`;
    const sponsor = await signedInSponsor(t, { srep_id: rep.user.id, business_name: `${tag} Inc` });
    const other = await signedInSponsor(t, { srep_id: otherRep.user.id, business_name: `${tag} Ltd` });
    const older = await sentEnquiry(t, sponsor.user.id, rep.user.id, { submitted_at: new Date(Date.now() - 60_000) });
    const newer = await sentEnquiry(t, sponsor.user.id, rep.user.id);
    const theirs = await sentEnquiry(t, other.user.id, otherRep.user.id);
    await sentEnquiry(t, sponsor.user.id, rep.user.id, { submitted_at: null });
    await post(`/api/admin/enquiries/${older.id}/replies`, { message: 'On it' }, rep.token);

    const mine = AdminEnquiriesResponse.parse((await get(`/api/admin/enquiries?q=${tag}`, rep.token)).json());
    expect(mine.enquiries.map((e) => [e.id, e.state, e.replies])).toEqual([
      [newer.id, 'open', 0],
      [older.id, 'answered', 1],
    ]);
    expect(mine.enquiries[0]).toMatchObject({ business_name: `${tag} Inc`, product: 'Custom Wall Banner', qty: 3 });
    const all = AdminEnquiriesResponse.parse((await get(`/api/admin/enquiries?q=${tag}`, admin.token)).json());
    expect(all.enquiries.map((e) => e.id)).toEqual([theirs.id, newer.id, older.id]);
    const open = AdminEnquiriesResponse.parse(
      (await get(`/api/admin/enquiries?q=${tag}&state=open`, admin.token)).json(),
    );
    expect(open.enquiries.map((e) => e.id)).toEqual([theirs.id, newer.id]);
    const bad = await get('/api/admin/enquiries?state=pending', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ state: MSG.invalidValue });
  });

  it('stores a reply, audits it, e-mails the sponsor a link, and shows it in enquirydetails to the sponsor only', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: rep.user.id });
    const stranger = await signedInSponsor(t, { srep_id: rep.user.id });
    const enquiry = await sentEnquiry(t, sponsor.user.id, rep.user.id);
    const res = await post(
      `/api/admin/enquiries/${enquiry.id}/replies`,
      { message: '  $2 each for 300.  ' },
      rep.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.enquiryReplySent);

    const rows = await t.db.select().from(enquiry_replies).where(eq(enquiry_replies.enquiry_id, enquiry.id));
    expect(rows.map((r) => [r.author_user_id, r.message])).toEqual([[rep.user.id, '$2 each for 300.']]);
    expect((await auditOf('enquiry', enquiry.id)).map((a) => [a.action, a.actor_user_id])).toEqual([
      ['reply', rep.user.id],
    ]);
    const mails = await mailsTo(t, sponsor.email);
    expect(mails.map((m) => [m.template, m.subject])).toEqual([
      ['enquiry-reply', `Your sales representative replied to enquiry #${enquiry.id}`],
    ]);
    expect(mails[0]?.text).toContain(`${TEST_PUBLIC_URL}/sponsor/enquiry/${enquiry.enq_key}`);
    expect(mails[0]?.text).toContain('Rita Delgado replied');

    const details = EnquiryDetailsResponse.parse(
      (await get(`/api/enquirydetails?enq_key=${enquiry.enq_key}`, sponsor.token)).json(),
    );
    expect(details.replies).toEqual([
      { date: rows[0]?.created_at.toISOString(), from: 'Rita Delgado', message: '$2 each for 300.' },
    ]);
    const asStranger = await get(`/api/enquirydetails?enq_key=${enquiry.enq_key}`, stranger.token);
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.body).not.toContain('$2 each');

    const detail = AdminEnquiryResponse.parse((await get(`/api/admin/enquiries/${enquiry.id}`, admin.token)).json());
    expect(detail.enquiry).toMatchObject({ state: 'answered', message: 'How much for 300?', replies: 1 });
    expect(detail.enquiry.thread.map((r) => [r.author, r.message])).toEqual([['Rita Delgado', '$2 each for 300.']]);
  });

  it('refuses an empty or too long reply with a field message, and writes nothing', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: rep.user.id });
    const enquiry = await sentEnquiry(t, sponsor.user.id, rep.user.id);
    const empty = await post(`/api/admin/enquiries/${enquiry.id}/replies`, { message: '   ' }, admin.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ message: MSG.enquiryReplyRequired });
    const long = await post(`/api/admin/enquiries/${enquiry.id}/replies`, { message: 'x'.repeat(4001) }, admin.token);
    expect(long.json().errors).toEqual({ message: tooLong(4000) });
    expect(await t.db.select().from(enquiry_replies).where(eq(enquiry_replies.enquiry_id, enquiry.id))).toEqual([]);
    expect(await mailsTo(t, sponsor.email)).toEqual([]);
  });

  it('closes an enquiry (no replies then) and reopens it, audited in its history', async () => {
    const sponsor = await signedInSponsor(t, { srep_id: rep.user.id });
    const enquiry = await sentEnquiry(t, sponsor.user.id, rep.user.id);
    expect((await post(`/api/admin/enquiries/${enquiry.id}/close`, { closed: true }, rep.token)).statusCode).toBe(200);
    const closed = AdminEnquiryResponse.parse((await get(`/api/admin/enquiries/${enquiry.id}`, rep.token)).json());
    expect(closed.enquiry.state).toBe('closed');
    const reply = await post(`/api/admin/enquiries/${enquiry.id}/replies`, { message: 'Late' }, rep.token);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(MSG.enquiryIsClosed);
    expect((await post(`/api/admin/enquiries/${enquiry.id}/close`, { closed: false }, admin.token)).statusCode).toBe(
      200,
    );
    const history = RecordHistoryResponse.parse(
      (await get(`/api/admin/enquiries/${enquiry.id}/history`, rep.token)).json(),
    );
    expect(history.entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['reopen', admin.user.id],
      ['close', rep.user.id],
    ]);
  });
});

describe('the enquiries inbox, deep by cursor', () => {
  const read = (query: string, token: string) => async (after: string | undefined) => {
    const url = `/api/admin/enquiries?${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const answer = AdminEnquiriesResponse.parse((await get(url, token)).json());
    return { ids: answer.enquiries.map((e) => e.id), next: answer.next };
  };
  const readPage = (query: string, token: string) => async (page: number) =>
    read(`${query}&page=${page}`, token)(undefined);

  it('walks the inbox newest first page after page: each enquiry once, as the numbered pages and a plain query order them, whatever is sent meanwhile; a rep only their own', async () => {
    const tag = `Wombat${Date.now()}`;
    const mine = await signedInSponsor(t, { srep_id: rep.user.id });
    const theirs = await signedInSponsor(t, { srep_id: otherRep.user.id });
    const { product_id } = await sentEnquiry(t, mine.user.id, rep.user.id);
    const FIRST_SENT = "timestamptz '2025-09-01 10:00:00.000007+00'";
    /** `count` enquiries, every other one the rep's, sent in fives at one moment (to the microsecond). */
    const sent = (count: number, from = 1, at = `${FIRST_SENT} + (g / 5) * interval '1 hour'`) =>
      t.db.execute(`
        insert into enquiries (enq_key, sponsor_user_id, product_id, srep_id, qty, company, submitted_at)
        select '${tag}-' || g, case when g % 2 = 0 then ${mine.user.id} else ${theirs.user.id} end, ${product_id},
               case when g % 2 = 0 then ${rep.user.id} else ${otherRep.user.id} end, 1, '${tag} Co', ${at}
          from generate_series(${from}, ${from + count - 1}) g`);
    const plain = async (repId?: number) =>
      (
        await t.db.execute<{ id: number }>(sql`select id from enquiries
          where company = ${`${tag} Co`} and submitted_at is not null ${repId ? sql`and srep_id = ${repId}` : sql``}
          order by submitted_at desc, id desc`)
      ).rows.map((r) => r.id);
    await sent(60);
    // Never sent: in no list.
    await sent(1, 1_000, 'null');

    const before = await plain();
    expect(before).toHaveLength(60);
    expect(await idsByNumber(readPage(`q=${tag}`, admin.token), ADMIN_LIST_PAGE_SIZE)).toEqual(before);
    const walk = await idsByCursor(read(`q=${tag}`, admin.token), async () => {
      // Sent while the inbox is read: one newest, one that reads as the oldest, one at the moment of the middle's.
      await sent(1, 61, "timestamptz '2033-01-01 00:00:00+00'");
      await sent(1, 62, "timestamptz '2003-01-01 00:00:00+00'");
      await sent(1, 63, `${FIRST_SENT} + interval '6 hours'`);
    });
    expectWalked(walk, before, await plain());

    const own = await plain(rep.user.id);
    expect(own.length).toBeGreaterThan(ADMIN_LIST_PAGE_SIZE);
    expect(await idsByNumber(readPage(`q=${tag}`, rep.token), ADMIN_LIST_PAGE_SIZE)).toEqual(own);
    expect((await idsByCursor(read(`q=${tag}`, rep.token))).seen).toEqual(own);
    // The open ones only: as many, none answered yet.
    expect((await idsByCursor(read(`q=${tag}&state=open`, rep.token))).seen).toEqual(own);

    for (const after of ['not-a-cursor', forgedCursor('1042', 7), forgedCursor('2025-13-01 00:00:00+00', 7)]) {
      const res = await get(`/api/admin/enquiries?q=${tag}&after=${encodeURIComponent(after)}`, admin.token);
      expect(res.statusCode, after).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.pageCursorInvalid, errors: { after: MSG.pageCursorInvalid } });
    }
  });
});

describe('contact and sponsor requests', () => {
  async function request(kind: 'contact' | 'sponsor' | 'cancel', company: string) {
    const [row] = await t.db
      .insert(contact_requests)
      .values({ kind, fullname: 'Sam Lee', email: uniqueEmail('lead'), company, message: 'Call me' })
      .returning();
    return row!;
  }

  it('lists contact and sponsor requests to an admin only, and marks one handled with who and when', async () => {
    const tag = `Wombat${Date.now()}`;
    const contact = await request('contact', `${tag} A`);
    const sponsorReq = await request('sponsor', `${tag} B`);
    await request('cancel', `${tag} C`);
    const sponsor = await signedInSponsor(t);
    for (const token of [rep.token, school.token, sponsor.token]) {
      expect((await get('/api/admin/requests', token)).statusCode).toBe(403);
      expect((await post(`/api/admin/requests/${contact.id}/handled`, { handled: true }, token)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/requests')).statusCode).toBe(401);

    const list = AdminRequestsResponse.parse((await get(`/api/admin/requests?q=${tag}`, admin.token)).json());
    expect(list.requests.map((r) => [r.id, r.kind])).toEqual([
      [sponsorReq.id, 'sponsor'],
      [contact.id, 'contact'],
    ]);
    const res = await post(`/api/admin/requests/${contact.id}/handled`, { handled: true }, admin.token);
    expect(res.json().message).toBe(MSG.requestHandledSaved);
    const [row] = await t.db.select().from(contact_requests).where(eq(contact_requests.id, contact.id));
    expect(row?.handled_by).toBe(admin.user.id);
    expect(row?.handled_at).toBeInstanceOf(Date);
    const open = AdminRequestsResponse.parse(
      (await get(`/api/admin/requests?q=${tag}&state=open`, admin.token)).json(),
    );
    expect(open.requests.map((r) => r.id)).toEqual([sponsorReq.id]);
    const handled = AdminRequestsResponse.parse(
      (await get(`/api/admin/requests?q=${tag}&state=handled`, admin.token)).json(),
    );
    expect(handled.requests[0]).toMatchObject({ id: contact.id, handled_by: expect.any(String) });
    expect((await auditOf('contact-request', contact.id)).map((a) => [a.action, a.actor_user_id])).toEqual([
      ['handled', admin.user.id],
    ]);
    const cancel = await request('cancel', `${tag} D`);
    expect((await post(`/api/admin/requests/${cancel.id}/handled`, { handled: true }, admin.token)).statusCode).toBe(
      404,
    );
  });
});
