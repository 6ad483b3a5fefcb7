import { randomUUID } from 'node:crypto';
import { MSG } from '@portal/contracts/messages';
import { OrderDetailsResponse, type TCancelRequestFields } from '@portal/contracts/school-orders';
import { and, asc, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { contact_requests, email_outbox } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool, signedInSponsor, uniqueEmail } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import {
  INVOICED_NOW,
  markOrderPaid,
  schoolWithOrder,
  schoolWithPlacedOrder,
  schoolWithReservation,
  storedOrder,
} from '../helpers/orders.ts';
import type { ApiOptions, TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
let supportEmail: string;
beforeAll(async () => {
  t = clocked.app();
  supportEmail = (await t.ctx.cache.settings.get()).support_email;
});

function fields(overrides: Partial<TCancelRequestFields> = {}): TCancelRequestFields {
  return {
    schoolname: 'Bayshore Elementary',
    email: uniqueEmail('office'),
    message: 'Our enrollment dropped; please cancel this order.',
    ...overrides,
  };
}

const askToCancel = (token: string, body: Record<string, unknown>, options: ApiOptions = {}) =>
  t.api.post('/api/cancelorderenq', { body, headers: bearer(token), ...options });

const requestsFor = (orderId: number) =>
  t.db.select().from(contact_requests).where(eq(contact_requests.order_id, orderId)).orderBy(asc(contact_requests.id));

const mailsAbout = (orderId: number) =>
  t.db
    .select()
    .from(email_outbox)
    .where(
      and(
        eq(email_outbox.template, 'order-cancel-request'),
        like(email_outbox.subject, `Cancel request for order #${orderId}:%`),
      ),
    )
    .orderBy(asc(email_outbox.id));

const requestsWaitingForLocks = async (client: pg.Client) => {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return rows[0]?.n;
};

/**
 * Sends `requests` while another connection holds the order's row, and lets it go once
 * every one of them waits for it: they all arrive before any has finished.
 */
async function sentWhileOrderLocked<T>(orderId: number, requests: () => Promise<T>[]): Promise<T[]> {
  const holder = new pg.Client({ connectionString: t.database.url });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select id from orders where id = $1 for update', [orderId]);
    const sent = requests();
    await expect.poll(() => requestsWaitingForLocks(holder), { timeout: 5000, interval: 20 }).toBe(sent.length);
    await holder.query('commit');
    return await Promise.all(sent);
  } finally {
    await holder.end();
  }
}

describe('POST /api/cancelorderenq', () => {
  it('keeps the request, marks the order and e-mails the support address', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    const body = { order_key: school.orderKey, ...fields() };
    const res = await askToCancel(school.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.cancelRequestReceived });

    const rows = await requestsFor(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'cancel',
      order_id: order.id,
      user_id: school.user.id,
      email: body.email,
      message: body.message,
      handled_at: null,
    });
    expect((await storedOrder(t, school.orderKey)).cancel_requested_at).toBeInstanceOf(Date);

    const details = await t.api.get(`/api/orderdetails?order_key=${school.orderKey}`, {
      headers: bearer(school.token),
    });
    expect(details.statusCode).toBe(200);
    expect(OrderDetailsResponse.parse(details.json()).order.cancel_requested).toBe(1);

    const mails = await mailsAbout(order.id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ to_address: supportEmail, status: 'queued' });
    expect(mail?.subject).toContain(`order #${order.id}`);
    expect(mail?.subject).toContain('Bayshore Elementary');
    for (const part of [mail?.text ?? '', mail?.html ?? '']) {
      expect(part).toContain(`order #${order.id}`);
      expect(part).toContain('Our enrollment dropped; please cancel this order.');
      expect(part).toContain(body.email);
      expect(part).toContain(school.orderKey);
    }
  });

  it('refuses missing fields and a malformed e-mail, each with its message, and stores nothing', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ schoolname: '' }, { schoolname: MSG.cancelSchoolNameRequired }],
      [{ schoolname: '   ' }, { schoolname: MSG.cancelSchoolNameRequired }],
      [{ schoolname: undefined }, { schoolname: MSG.cancelSchoolNameRequired }],
      [{ email: '' }, { email: MSG.validEmailAddress }],
      [{ email: undefined }, { email: MSG.validEmailAddress }],
      [{ email: 'not-an-address' }, { email: MSG.invalidEmail }],
      [{ email: 'office@school' }, { email: MSG.invalidEmail }],
      [{ message: '' }, { message: MSG.required }],
      [{ message: undefined }, { message: MSG.required }],
      [
        { schoolname: '', email: '', message: '' },
        { schoolname: MSG.cancelSchoolNameRequired, email: MSG.validEmailAddress, message: MSG.required },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const res = await askToCancel(school.token, { order_key: school.orderKey, ...fields(), ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', errors });
      expect(Object.keys(res.json().errors).sort()).toEqual(Object.keys(errors).sort());
    }
    expect(await requestsFor(order.id)).toEqual([]);
    expect(await mailsAbout(order.id)).toEqual([]);
    expect((await storedOrder(t, school.orderKey)).cancel_requested_at).toBeNull();
  });

  it('answers the same request sent again with its key as received, and keeps and mails it once', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    const body = { order_key: school.orderKey, ...fields(), idempotency_key: randomUUID() };
    const first = await askToCancel(school.token, body);
    const second = await askToCancel(school.token, body);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await requestsFor(order.id)).toHaveLength(1);
    expect(await mailsAbout(order.id)).toHaveLength(1);
  });

  it('answers every copy of one request sent at once with its key as received, and keeps it once', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    const body = { order_key: school.orderKey, ...fields(), idempotency_key: randomUUID() };
    const answers = await sentWhileOrderLocked(order.id, () =>
      Array.from({ length: 5 }, () => askToCancel(school.token, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.json()).toEqual({ status: 'success', message: MSG.cancelRequestReceived });
    expect(await requestsFor(order.id)).toHaveLength(1);
    expect(await mailsAbout(order.id)).toHaveLength(1);
  });

  it('refuses another request for an order already asked about, and keeps the first', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    const first = { order_key: school.orderKey, ...fields(), idempotency_key: randomUUID() };
    expect((await askToCancel(school.token, first)).statusCode).toBe(200);
    const markedAt = (await storedOrder(t, school.orderKey)).cancel_requested_at;

    for (const body of [
      { order_key: school.orderKey, ...fields({ message: 'Please, cancel it soon.' }), idempotency_key: randomUUID() },
      { order_key: school.orderKey, ...fields({ message: 'Please, cancel it soon.' }) },
    ]) {
      const res = await askToCancel(school.token, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: MSG.cancelAlreadyRequested });
    }
    const rows = await requestsFor(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBe(first.message);
    expect(await mailsAbout(order.id)).toHaveLength(1);
    expect((await storedOrder(t, school.orderKey)).cancel_requested_at).toEqual(markedAt);
  });

  it('keeps one request when ten different ones for an order arrive at once', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    const answers = await sentWhileOrderLocked(order.id, () =>
      Array.from({ length: 10 }, (_, i) =>
        askToCancel(school.token, {
          order_key: school.orderKey,
          ...fields({ message: `Request number ${i}` }),
          idempotency_key: randomUUID(),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const a of answers.filter((a) => a.statusCode === 409))
      expect(a.json().message).toBe(MSG.cancelAlreadyRequested);
    expect(await requestsFor(order.id)).toHaveLength(1);
    expect(await mailsAbout(order.id)).toHaveLength(1);
  });

  it('tells the school to cancel a reservation itself before the cut-off, and takes the request from 1 May', async () => {
    const school = await schoolWithReservation(t, clocked, '2027-2028', new Date('2027-04-01T12:00:00Z'));
    const order = await storedOrder(t, school.orderKey);
    const body = { order_key: school.orderKey, ...fields() };
    clocked.setToday(new Date('2027-05-01T03:59:59.999Z'));
    const early = await askToCancel(school.token, body);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ status: 'error', message: MSG.cancelYourself });
    expect(await requestsFor(order.id)).toEqual([]);
    expect(await mailsAbout(order.id)).toEqual([]);
    expect((await storedOrder(t, school.orderKey)).cancel_requested_at).toBeNull();

    clocked.setToday(new Date('2027-05-01T04:00:00Z'));
    const res = await askToCancel(school.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.cancelRequestReceived);
    expect(await requestsFor(order.id)).toHaveLength(1);
    expect(await mailsAbout(order.id)).toHaveLength(1);
  });

  it('tells the school to cancel a new order itself, and takes the request for a paid reservation', async () => {
    const pending = await schoolWithOrder(t);
    const refused = await askToCancel(pending.token, { order_key: pending.orderKey, ...fields() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.cancelYourself);

    const paid = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    await markOrderPaid(t, paid.orderKey);
    const res = await askToCancel(paid.token, { order_key: paid.orderKey, ...fields() });
    expect(res.statusCode, res.body).toBe(200);
    expect(await requestsFor((await storedOrder(t, paid.orderKey)).id)).toHaveLength(1);
  });

  it('refuses a cancelled order and stores nothing', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });
    const cancel = await t.api.post('/api/cancelorder', {
      body: { order_key: school.orderKey },
      headers: bearer(school.token),
    });
    expect(cancel.statusCode).toBe(200);
    const order = await storedOrder(t, school.orderKey);
    const res = await askToCancel(school.token, { order_key: school.orderKey, ...fields() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: MSG.orderNotCancellable });
    expect(await requestsFor(order.id)).toEqual([]);
    expect(await mailsAbout(order.id)).toEqual([]);
    expect((await storedOrder(t, school.orderKey)).cancel_requested_at).toBeNull();
  });

  it('answers 404 for another school’s key or an unknown one, and stores nothing', async () => {
    const owner = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, owner.orderKey);
    const other = await signedInSchool(t);
    for (const key of [owner.orderKey, 'no-such-key']) {
      const res = await askToCancel(other.token, { order_key: key, ...fields() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: MSG.orderNotFound });
    }
    expect(await requestsFor(order.id)).toEqual([]);
    expect(await t.db.select().from(contact_requests).where(eq(contact_requests.user_id, other.user.id))).toEqual([]);
    expect(await mailsAbout(order.id)).toEqual([]);
    expect((await storedOrder(t, owner.orderKey)).cancel_requested_at).toBeNull();
  });

  it('refuses a sponsor, no session, no anti-forgery header or no key, and stores nothing', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    const sponsor = await signedInSponsor(t);
    const body = { order_key: school.orderKey, ...fields() };

    const bySponsor = await askToCancel(sponsor.token, body);
    expect(bySponsor.statusCode).toBe(403);
    expect(bySponsor.json().status).toBe('error');
    const noHeader = await askToCancel(school.token, body, { xsrfHeader: null });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual({ status: 'error', message: MSG.xsrf });
    expect((await askToCancel(school.token, body, { xsrfHeader: 'forged' })).statusCode).toBe(403);
    expect((await t.api.post('/api/cancelorderenq', { body })).statusCode).toBe(401);
    const noKey = await askToCancel(school.token, fields());
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ status: 'error', errors: { order_key: MSG.orderKeyRequired } });

    expect(await requestsFor(order.id)).toEqual([]);
    expect(await mailsAbout(order.id)).toEqual([]);
    expect((await storedOrder(t, school.orderKey)).cancel_requested_at).toBeNull();
  });

  it('refuses a malformed idempotency key and stores nothing', async () => {
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    for (const key of ['short', 'x'.repeat(101), 'has spaces in it, sixteen+']) {
      const res = await askToCancel(school.token, { order_key: school.orderKey, ...fields(), idempotency_key: key });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ idempotency_key: MSG.invalidInput });
    }
    expect(await requestsFor(order.id)).toEqual([]);
  });

  it('refuses a key already used for another order’s request without an error of its own, and keeps that request', async () => {
    const first = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const second = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const key = randomUUID();
    const firstOrder = await storedOrder(t, first.orderKey);
    const secondOrder = await storedOrder(t, second.orderKey);
    expect(
      (await askToCancel(first.token, { order_key: first.orderKey, ...fields(), idempotency_key: key })).statusCode,
    ).toBe(200);
    const res = await askToCancel(second.token, { order_key: second.orderKey, ...fields(), idempotency_key: key });
    // The key names the first order's form: the second order's request is refused, not stored.
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: MSG.invalidInput,
      errors: { idempotency_key: MSG.invalidInput },
    });
    expect(await requestsFor(firstOrder.id)).toHaveLength(1);
    expect(await mailsAbout(firstOrder.id)).toHaveLength(1);
    expect(await requestsFor(secondOrder.id)).toEqual([]);
    expect(await mailsAbout(secondOrder.id)).toEqual([]);
    expect((await storedOrder(t, second.orderKey)).cancel_requested_at).toBeNull();
  });
});
