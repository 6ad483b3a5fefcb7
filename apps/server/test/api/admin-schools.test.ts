import {
  ADMIN_SCHOOLS_PAGE_SIZE,
  AdminSchoolResponse,
  AdminSchoolsResponse,
  type SchoolSort,
} from '@portal/contracts/admin-schools';
import { RecordHistoryResponse } from '@portal/contracts/admin-sponsors';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_log, school_documents } from '../../src/db/schema/index.ts';
import { bearer, createSchoolUser, signedInSchool, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { expectWalked, forgedCursor, idsByCursor, idsByNumber } from '../helpers/keyset.ts';
import { schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { SAMPLES, uploadOk } from '../helpers/uploads.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let rep: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin);
  rep = await signedInStaff(t, USER_TYPE.salesRep);
});

const get = (path: string, token?: string) => t.api.get(`/api/admin/${path}`, token ? { headers: bearer(token) } : {});
const list = (query: string, token = admin.token) => get(`schools?${query}`, token);
const detail = (id: number, token = admin.token) => get(`schools/${id}`, token);
const setStatus = (id: number, status: number, token?: string) =>
  t.api.post(`/api/admin/schools/${id}/status`, { body: { status }, ...(token ? { headers: bearer(token) } : {}) });
const auditOf = (id: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'school'), eq(audit_log.entity_id, String(id))))
    .orderBy(asc(audit_log.id));
const word = () => `w${Math.random().toString(36).slice(2, 10)}`;

/** A school with an order reserved, and a tax certificate uploaded with it that expires on `expiresOn`. */
async function schoolWithCertificate(expiresOn: string, fileName = 'exemption.pdf') {
  const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
  const file = await uploadOk(
    t,
    school.token,
    school.orderKey,
    'tax_certificate',
    { filename: fileName, content: SAMPLES.pdf },
    { expires_on: '2999-06-30' },
  );
  await t.db
    .update(school_documents)
    .set({ expires_on: expiresOn })
    .where(eq(school_documents.stored_name, file.file_path_raw));
  return { ...school, storedName: file.file_path_raw };
}

describe('who may read and change schools', () => {
  it('lets administrators and reps read every school; refuses schools and sponsors (403) and anyone signed out (401)', async () => {
    const school = await signedInSchool(t, { school_name: 'Role Matrix Academy' });
    const id = school.user.id;
    for (const token of [admin.token, rep.token]) {
      for (const path of [`schools?q=${encodeURIComponent(school.email)}`, `schools/${id}`, `schools/${id}/history`]) {
        const res = await get(path, token);
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const sponsor = await signedInSponsor(t);
    for (const token of [school.token, sponsor.token]) {
      for (const res of [
        await get('schools', token),
        await get(`schools/${id}`, token),
        await get(`schools/${id}/history`, token),
        await setStatus(id, 0, token),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
      }
    }
    for (const res of [
      await get('schools'),
      await get(`schools/${id}`),
      await get(`schools/${id}/history`),
      await setStatus(id, 0),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    // Changing a school is for administrators.
    const byRep = await setStatus(id, 0, rep.token);
    expect(byRep.statusCode).toBe(403);
    expect(await auditOf(id)).toHaveLength(0);
  });

  it('answers 404 for a user who is no school, and for no one', async () => {
    const sponsor = await signedInSponsor(t);
    for (const id of [sponsor.user.id, 2_000_000_000]) {
      const res = await detail(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: MSG.schoolNotFound });
      expect((await setStatus(id, 0, admin.token)).statusCode).toBe(404);
    }
  });
});

describe('GET /api/admin/schools', () => {
  it('finds a school by its name, contact, e-mail or city, with its orders counted', async () => {
    const city = word();
    const name = `Bayshore ${word()} Elementary`;
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const { user } = await createSchoolUser(t, { school_name: name, primary_name: 'Dana Whitfield', city });
    for (const q of [name.split(' ')[1] ?? '', 'dana whitf', city, user.email.toUpperCase()]) {
      const found = AdminSchoolsResponse.parse((await list(`q=${encodeURIComponent(q)}`)).json());
      expect(found.schools.map((s) => s.user_id)).toContain(user.id);
    }
    const [row] = AdminSchoolsResponse.parse((await list(`q=${encodeURIComponent(city)}`)).json()).schools;
    expect(row).toMatchObject({
      user_id: user.id,
      school_name: name,
      primary_name: 'Dana Whitfield',
      email: user.email,
      city,
      status: 1,
      orders: 0,
      certificate: 'none',
      certificate_expires_on: null,
    });
    const withOrder = AdminSchoolsResponse.parse((await list(`q=${encodeURIComponent(school.email)}`)).json());
    expect(withOrder.schools).toHaveLength(1);
    expect(withOrder.schools[0]?.orders).toBe(1);
    expect(AdminSchoolsResponse.parse((await list('q=nothing-matches-this-at-all')).json()).total).toBe(0);
  });

  it('sorts by name both ways and pages 25 at a time', async () => {
    const city = word();
    const names = Array.from({ length: 27 }, (_, i) => `School ${String(i).padStart(2, '0')} ${city}`);
    for (const school_name of names) await createSchoolUser(t, { school_name, city });
    const first = AdminSchoolsResponse.parse((await list(`q=${city}&sort=name_asc`)).json());
    expect(first.total).toBe(27);
    expect(first.page_size).toBe(25);
    expect(first.schools.map((s) => s.school_name)).toEqual(names.slice(0, 25));
    const second = AdminSchoolsResponse.parse((await list(`q=${city}&sort=name_asc&page=2`)).json());
    expect(second.schools.map((s) => s.school_name)).toEqual(names.slice(25));
    const down = AdminSchoolsResponse.parse((await list(`q=${city}&sort=name_desc`)).json());
    expect(down.schools[0]?.school_name).toBe(names[26]);
    const bad = await list('sort=city&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ sort: MSG.invalidValue });
  });

  it('flags a current tax certificate expired or expiring within 30 days', async () => {
    clocked.setToday(new Date('2026-11-26T15:00:00Z'));
    const expired = await schoolWithCertificate('2026-11-25');
    const expiring = await schoolWithCertificate('2026-12-26');
    const valid = await schoolWithCertificate('2026-12-27');
    for (const [school, state, on] of [
      [expired, 'expired', '2026-11-25'],
      [expiring, 'expiring', '2026-12-26'],
      [valid, 'valid', '2026-12-27'],
    ] as const) {
      const [row] = AdminSchoolsResponse.parse((await list(`q=${encodeURIComponent(school.email)}`)).json()).schools;
      expect(row).toMatchObject({ certificate: state, certificate_expires_on: on });
    }
  });
});

describe('GET /api/admin/schools, deep by cursor', () => {
  /** The order each sort that a cursor pages puts the schools in, as a plain query reads it. */
  const PLAIN_ORDER = {
    name_asc: sql`lower(s.school_name), u.id`,
    name_desc: sql`lower(s.school_name) desc, u.id desc`,
    created_desc: sql`u.created_at desc, u.id desc`,
    created_asc: sql`u.created_at, u.id`,
  } satisfies Partial<Record<SchoolSort, unknown>>;
  const plain = async (city: string, sort: keyof typeof PLAIN_ORDER) =>
    (
      await t.db.execute<{ id: number }>(
        sql`select u.id from users u join schools s on s.user_id = u.id where s.city = ${city} order by ${PLAIN_ORDER[sort]}`,
      )
    ).rows.map((r) => r.id);
  const read =
    (query: string, token = admin.token) =>
    async (after: string | undefined) => {
      const answer = AdminSchoolsResponse.parse(
        (await list(`${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`, token)).json(),
      );
      return { ids: answer.schools.map((s) => s.user_id), next: answer.next };
    };
  const readPage = (query: string) => async (page: number) => {
    const answer = AdminSchoolsResponse.parse((await list(`${query}&page=${page}`)).json());
    return { ids: answer.schools.map((s) => s.user_id), next: answer.next };
  };
  const FIRST_REGISTERED = "timestamptz '2024-05-01 08:00:00.123456+00'";
  /**
   * `count` schools of one city, named and registered in fives alike (the same name but for
   * its capitals, the same moment to the microsecond), so that ties are broken by number;
   * their names long and not ASCII, as a cursor must carry them whole.
   */
  async function schoolsOf(
    city: string,
    count: number,
    from = 1,
    registered = `${FIRST_REGISTERED} + (g / 5) * interval '1 minute'`,
  ) {
    await t.db.execute(`
      with made as (
        insert into users (email, usertype, created_at)
        select '${city}-' || g || '@example.org', ${USER_TYPE.school}, ${registered}
          from generate_series(${from}, ${from + count - 1}) g
        returning id, email)
      insert into schools (user_id, school_name, city)
      select id, (array['Oak', 'OAK', 'oak'])[n % 3 + 1] || ' Écolé ' || repeat('学', 150) || ' ' || lpad((n / 5)::text, 3, '0'), '${city}'
        from (select id, split_part(split_part(email, '-', 2), '@', 1)::int as n from made) numbered`);
  }

  it('walks every sort but the one by orders page after page: each school once, as the numbered pages and a plain query order them, whatever is registered meanwhile', async () => {
    const city = word();
    await schoolsOf(city, 60);
    const named = (n: number, name: string) =>
      t.db.execute(sql`update schools set school_name = ${name}
        where user_id = (select id from users where email = ${`${city}-${n}@example.org`})`);
    for (const sort of Object.keys(PLAIN_ORDER) as (keyof typeof PLAIN_ORDER)[]) {
      const before = await plain(city, sort);
      expect(await idsByNumber(readPage(`q=${city}&sort=${sort}`), ADMIN_SCHOOLS_PAGE_SIZE)).toEqual(before);
      const walk = await idsByCursor(read(`q=${city}&sort=${sort}`), async () => {
        // Registered while the list is read: one first and one last by name and by date, and one
        // tied with the middle of the list (the same name but for its capitals, the same moment).
        const n = before.length + 1;
        await schoolsOf(city, 1, n, "timestamptz '2031-01-01 00:00:00.000001+00'");
        await schoolsOf(city, 1, n + 1, "timestamptz '2001-01-01 00:00:00.999999+00'");
        await schoolsOf(city, 1, n + 2, `${FIRST_REGISTERED} + interval '6 minutes'`);
        await named(n, `aaa ${city}`);
        await named(n + 1, `zzz ${city}`);
        await named(n + 2, `OAK Écolé ${'学'.repeat(150)} 006`);
      });
      expectWalked(walk, before, await plain(city, sort));
    }
  });

  it('pages the sort by orders by number only, and refuses a cursor that is not one, or not for the sort, with its message', async () => {
    const city = word();
    await schoolsOf(city, 30);
    const byOrders = AdminSchoolsResponse.parse((await list(`q=${city}&sort=orders_desc`)).json());
    expect(byOrders).toMatchObject({ total: 30, next: null });
    // No orders: the schools with as many come by name.
    expect(await idsByNumber(readPage(`q=${city}&sort=orders_desc`), ADMIN_SCHOOLS_PAGE_SIZE)).toEqual(
      await plain(city, 'name_asc'),
    );
    const byName = AdminSchoolsResponse.parse((await list(`q=${city}&sort=name_asc`)).json());
    const byDate = AdminSchoolsResponse.parse((await list(`q=${city}&sort=created_desc`)).json());
    expect(byName.next).toEqual(expect.any(String));
    for (const query of [
      'after=not-a-cursor',
      `sort=orders_desc&after=${byName.next}`,
      // A name's cursor sent with the sort by date, a day that is none, an id past PostgreSQL's integers.
      `sort=created_desc&after=${byName.next}`,
      `sort=created_asc&after=${forgedCursor('2026-02-30 10:00:00+00', 5)}`,
      `sort=created_asc&after=${forgedCursor('2026-01-01 10:00:00+00', 2 ** 40)}`,
      `sort=name_asc&after=${forgedCursor('a\u0000b', 5)}`,
      `after=${'x'.repeat(5_000)}`,
      'after=',
    ]) {
      const res = await list(`q=${city}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.pageCursorInvalid, errors: { after: MSG.pageCursorInvalid } });
    }
    // A date's cursor sent with the sort by name is words to compare names with: a page, not an error.
    expect((await list(`q=${city}&sort=name_asc&after=${byDate.next}`)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/schools/:id', () => {
  it('shows what the school filled in, its orders, and its certificates, the newest current, each flagged', async () => {
    clocked.setToday(new Date('2026-11-26T15:00:00Z'));
    const school = await schoolWithCertificate('2026-10-31', 'old exemption.pdf');
    const renewed = await uploadOk(
      t,
      school.token,
      school.orderKey,
      'tax_certificate',
      { filename: 'new exemption.pdf', content: SAMPLES.pdf },
      { expires_on: '2027-06-30' },
    );
    const order = await storedOrder(t, school.orderKey);
    const res = await detail(school.user.id, rep.token);
    expect(res.statusCode, res.body).toBe(200);
    const { school: shown } = AdminSchoolResponse.parse(res.json());
    expect(shown.details).toMatchObject({
      school_name: school.school.school_name,
      primary_name: school.school.primary_name,
      user_email: school.email,
    });
    expect(shown.status).toBe(1);
    expect(shown.orders).toEqual([
      {
        order_id: order.id,
        order_date: order.created_at.toISOString(),
        product: expect.any(String),
        school_year: order.school_year,
        status: 'Reserved',
        payment_status: 'unpaid',
        total_cents: order.total_cents,
      },
    ]);
    expect(shown.orders_total).toBe(1);
    expect(shown.certificates.map((c) => [c.file_name, c.expires_on, c.state, c.current])).toEqual([
      ['new exemption.pdf', '2027-06-30', 'valid', true],
      ['old exemption.pdf', '2026-10-31', 'expired', false],
    ]);
    expect(shown.certificates[0]?.stored_name).toBe(renewed.file_path_raw);
  });

  it('lets staff download a certificate, the school its own, and no other school', async () => {
    const school = await schoolWithCertificate('2027-06-30');
    const other = await signedInSchool(t);
    const path = `/api/orderfile/${school.storedName}`;
    for (const token of [admin.token, rep.token, school.token]) {
      const res = await t.api.get(path, { headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('exemption.pdf');
      expect(res.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    }
    const theirs = await t.api.get(path, { headers: bearer(other.token) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ status: 'error', message: MSG.fileNotFound });
    expect((await t.api.get(path)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/schools/:id/status', () => {
  it('disables a school, which is signed out, and enables it again, each audited and in its history', async () => {
    const school = await signedInSchool(t);
    const id = school.user.id;
    const off = await setStatus(id, 0, admin.token);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ status: 'success', message: MSG.schoolDisabled });
    expect((await t.api.get('/api/schooldetails', { headers: bearer(school.token) })).statusCode).toBe(401);
    expect(AdminSchoolResponse.parse((await detail(id)).json()).school.status).toBe(0);
    const [row] = AdminSchoolsResponse.parse((await list(`q=${encodeURIComponent(school.email)}`)).json()).schools;
    expect(row?.status).toBe(0);

    expect((await setStatus(id, 1, admin.token)).json()).toEqual({ status: 'success', message: MSG.schoolEnabled });
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actor_user_id, a.changes])).toEqual([
      ['disable', admin.user.id, { before: { status: 1 }, after: { status: 0 } }],
      ['enable', admin.user.id, { before: { status: 0 }, after: { status: 1 } }],
    ]);
    const history = RecordHistoryResponse.parse((await get(`schools/${id}/history`, rep.token)).json());
    expect(history.entries.map((e) => e.action)).toEqual(['enable', 'disable']);

    const bad = await setStatus(id, 2, admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: MSG.invalidValue });
    expect(await auditOf(id)).toHaveLength(2);
  });
});

describe('finding schools by words at a region’s size', () => {
  it('finds the same schools by their indexes as a plain search of every school, however many match', async () => {
    const stamp = Date.now().toString(36);
    // 520 schools: more than the search names by its indexes, so that the list filters them itself.
    await t.db.execute(`
      with made as (
        insert into users (email, usertype)
        select 'many-${stamp}-' || g || '@example.org', ${USER_TYPE.school} from generate_series(1, 520) g
        returning id, email)
      insert into schools (user_id, school_name, primary_name, city)
      select id, case when email like '%-1@%' then 'Quokka Ridge ${stamp}' else 'Plain School ' || id end,
             case when email like '%-2@%' then 'Quokka Contact' else 'Someone' end,
             case when email like '%-3@%' then 'Quokkaville' else 'Tampa' end
        from made`);
    const plain = async (words: string) => {
      const { rows } = await t.db.execute<{ id: number }>(
        `select u.id from users u join schools s on s.user_id = u.id
          where u.usertype = ${USER_TYPE.school} and (s.school_name ilike $1 or s.primary_name ilike $1
             or s.city ilike $1 or u.email ilike $1)`.replace(/\$1/g, `'%${words}%'`),
      );
      return rows.map((r) => r.id).sort((a, b) => a - b);
    };
    const found = async (words: string) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const answer = AdminSchoolsResponse.parse((await list(`q=${encodeURIComponent(words)}&page=${page}`)).json());
        ids.push(...answer.schools.map((s) => s.user_id));
        if (answer.schools.length < answer.page_size) return { ids: ids.sort((a, b) => a - b), total: answer.total };
      }
    };
    // A few, by the name, the contact, the city and the e-mail.
    for (const words of ['quokka', `many-${stamp}-4@`]) {
      const expected = await plain(words);
      expect(expected.length).toBeGreaterThan(0);
      expect(await found(words)).toEqual({ ids: expected, total: expected.length });
    }
    expect((await found('quokka')).ids).toHaveLength(3);
    // Too many to name: the rows are filtered by the same words.
    const many = await plain(`many-${stamp}`);
    expect(many).toHaveLength(520);
    expect(await found(`many-${stamp}`)).toEqual({ ids: many, total: 520 });
  });
});
