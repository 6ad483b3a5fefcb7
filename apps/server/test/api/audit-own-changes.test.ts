import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_log, enquiries, users } from '../../src/db/schema/index.ts';
import {
  bearer,
  CHOSEN_PASSWORD,
  completeSchoolBody,
  completeSponsorProfile,
  PASSWORD,
  signedInSchool,
  signedInSponsor,
  uniqueEmail,
} from '../helpers/accounts.ts';
import { productIdOf } from '../helpers/catalogue.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import {
  completeOrderForm,
  FREE_ITEMS_ONLY,
  INVOICED_NOW,
  schoolWithOrder,
  schoolWithPlacedOrder,
  startedCardPayment,
  storedOrder,
} from '../helpers/orders.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { uploadOk } from '../helpers/uploads.ts';

/**
 * What schools and sponsors change themselves is in the audit log too, written with the
 * change: who, what, before and after; a request that changes nothing writes nothing.
 */
const clocked = clockedCatalogueApp();
let t: TestApp;
beforeAll(() => {
  t = clocked.app();
});

const auditOf = (entity: string, id: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, entity), eq(audit_log.entity_id, String(id))))
    .orderBy(asc(audit_log.id));

describe('a school’s own changes', () => {
  it('its details: completed, then a changed phone and sign-in address, each with before and after', async () => {
    const school = await signedInSchool(t);
    const first = await t.api.post('/api/schoolaccount', {
      body: completeSchoolBody({ primary_email: school.email }),
      headers: bearer(school.token),
    });
    expect(first.statusCode, first.body).toBe(200);
    const newEmail = uniqueEmail('office');
    const second = await t.api.post('/api/schoolaccount', {
      body: completeSchoolBody({ primary_email: newEmail, phone: '8135550177', current_password: school.password }),
      headers: bearer(school.token),
    });
    expect(second.statusCode, second.body).toBe(200);
    // The same details again change nothing, and write nothing.
    const again = await t.api.post('/api/schoolaccount', {
      body: completeSchoolBody({ primary_email: newEmail, phone: '8135550177' }),
      headers: bearer(school.token),
    });
    expect(again.statusCode, again.body).toBe(200);

    const rows = await auditOf('school', school.user.id);
    expect(rows.map((r) => [r.action, r.actor_user_id])).toEqual([
      ['complete-details', school.user.id],
      ['update', school.user.id],
    ]);
    expect(rows[1]?.changes).toEqual({
      before: { phone: '8135550123', email: school.email },
      after: { phone: '8135550177', email: newEmail },
    });
    expect(rows[1]?.ip).toBeTruthy();
  });

  it('cancelling an order, accepting its free terms and asking to cancel another', async () => {
    const pending = await schoolWithOrder(t);
    const cancel = await t.api.post('/api/cancelorder', {
      body: { order_key: pending.orderKey },
      headers: bearer(pending.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await storedOrder(t, pending.orderKey);
    expect(await auditOf('order', cancelled.id)).toMatchObject([
      // Started by the school's own "Reserve" (addtocartv2).
      { action: 'create', actor_user_id: pending.user.id, changes: { before: null, after: { status: 'Pending' } } },
      {
        action: 'cancel',
        actor_user_id: pending.user.id,
        changes: { before: { status: 'Pending' }, after: { status: 'Cancelled' } },
      },
    ]);

    const free = await schoolWithPlacedOrder(t, { ...FREE_ITEMS_ONLY, ...INVOICED_NOW });
    const freeOrder = await storedOrder(t, free.orderKey);
    expect(freeOrder.free_tnc_req).toBe(true);
    const terms = { order_key: free.orderKey, field1: '1', field2: '1' };
    for (let i = 0; i < 2; i++) {
      const res = await t.api.post('/api/acceptordertnc', { body: terms, headers: bearer(free.token) });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Accepted once: the second acceptance keeps the first one's time and writes nothing.
    expect((await auditOf('order', freeOrder.id)).map((r) => r.action)).toEqual(['create', 'complete', 'accept-terms']);

    const asked = await t.api.post('/api/cancelorderenq', {
      body: {
        order_key: free.orderKey,
        schoolname: 'Bayshore Elementary',
        email: uniqueEmail('office'),
        message: 'Enrollment dropped.',
      },
      headers: bearer(free.token),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const rows = await auditOf('order', freeOrder.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'complete', 'accept-terms', 'request-cancel']);
    expect(rows[3]).toMatchObject({
      actor_user_id: free.user.id,
      changes: { before: { cancel_requested_at: null }, after: { message: 'Enrollment dropped.' } },
    });
  });

  it('completing the reservation form and updating it, but not its drafts; the choice made at checkout', async () => {
    const school = await schoolWithOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const save = async (overrides: Record<string, unknown>) => {
      const res = await t.api.post('/api/updatetemporder', {
        body: completeOrderForm(school.orderKey, overrides, t.ctx.clock()),
        headers: bearer(school.token),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await save({ draft: 1, status: 'Pending' });
    expect((await auditOf('order', order.id)).map((r) => r.action)).toEqual(['create']);
    await save({ status: 'Reserved', payment_method: '3' });
    await save({ status: 'Reserved', payment_method: '3', noprimary_planners: '150' });
    const rows = await auditOf('order', order.id);
    expect(rows.map((r) => [r.action, r.actor_user_id])).toEqual([
      ['create', school.user.id],
      ['complete', school.user.id],
      ['update', school.user.id],
    ]);
    expect(rows[1]?.changes).toMatchObject({ before: { status: 'Pending' }, after: { status: 'Reserved' } });
    expect(rows[2]?.changes).toMatchObject({ before: { noprimary_planners: 120 }, after: { noprimary_planners: 150 } });
    expect(rows[2]?.changes.after).not.toHaveProperty('status');

    const placed = await schoolWithPlacedOrder(t);
    const placedOrder = await storedOrder(t, placed.orderKey);
    const checkout = await t.api.post('/api/placeorder', {
      body: { order_key: placed.orderKey, payment_method: '1', tnc: '1' },
      headers: bearer(placed.token),
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect((await auditOf('order', placedOrder.id)).map((r) => [r.action, r.changes])).toEqual([
      ['create', expect.objectContaining({ after: expect.objectContaining({ status: 'Pending' }) })],
      ['complete', expect.objectContaining({ after: expect.objectContaining({ status: 'Order Placed' }) })],
      ['checkout', { before: { payment_method: 2 }, after: { payment_method: 1 } }],
      // Placed to be invoiced now: the invoice it issued, as the school's.
      ['invoice', { before: null, after: expect.objectContaining({ amount_cents: placedOrder.total_cents }) }],
    ]);
  });

  it('registering, and the files it uploads to an order and removes', async () => {
    const email = uniqueEmail('newschool');
    const registered = await t.api.post('/api/loginnewreg', {
      body: { email, password: 'a-good-pass-1', ref_code: 'FAIR26' },
      remoteAddress: '203.0.113.9',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await auditOf('school', user!.id)).toMatchObject([
      {
        action: 'register',
        actor_user_id: user!.id,
        ip: '203.0.113.9',
        changes: { after: { email, ref_code: 'FAIR26' } },
      },
    ]);

    const school = await schoolWithOrder(t);
    const order = await storedOrder(t, school.orderKey);
    const file = await uploadOk(t, school.token, school.orderKey, 'custom_pages');
    const removed = await t.api.post('/api/removefile', {
      body: { file_path_raw: file.file_path_raw },
      headers: bearer(school.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await auditOf('order', order.id)).toMatchObject([
      { action: 'create' },
      { action: 'upload', changes: { after: { file_type: 'custom_pages', stored_name: file.file_path_raw } } },
      { action: 'remove-file', changes: { before: { stored_name: file.file_path_raw } } },
    ]);
  });

  it('a card payment the gateway confirmed, once however often it is confirmed', async () => {
    const { school, payment, url } = await startedCardPayment(t);
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
    const replay = await t.api.get(
      `/api/orderconfirm?order_key=${school.orderKey}&payment_key=${payment.payment_key}&return_via=success`,
      { headers: bearer(school.token) },
    );
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await auditOf('payment', payment.id)).toMatchObject([
      {
        action: 'payment-started',
        actor_user_id: school.user.id,
        changes: {
          before: null,
          after: {
            kind: 'order',
            amount_cents: payment.amount_cents,
            gateway: 'test',
            pays: [`order ${payment.order_id}`],
          },
        },
      },
      {
        action: 'paid',
        actor_user_id: school.user.id,
        changes: { before: null, after: { kind: 'order', amount_cents: payment.amount_cents, gateway: 'test' } },
      },
    ]);
  });
});

describe('a payer’s and a user’s own acts', () => {
  it('a card payment declined at the gateway, and a password changed, with where it came from', async () => {
    const { school, payment, url } = await startedCardPayment(t);
    expect((await submitHostedPage(t, url, { card_number: CARDS.declined })).statusCode).toBe(303);
    expect((await auditOf('payment', payment.id)).map((r) => [r.action, r.changes])).toEqual([
      ['payment-started', expect.objectContaining({ after: expect.objectContaining({ kind: 'order' }) })],
      [
        'payment-failed',
        { before: null, after: { kind: 'order', amount_cents: payment.amount_cents, gateway: 'test' } },
      ],
    ]);

    const changed = await t.api.post('/api/setpasswordn', {
      body: { current_password: PASSWORD, npassword: CHOSEN_PASSWORD, cpassword: CHOSEN_PASSWORD },
      headers: bearer(school.token),
      remoteAddress: '203.0.113.21',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Its sign-in is there too; the change follows it.
    expect((await auditOf('user', school.user.id)).filter((r) => r.action !== 'sign_in')).toMatchObject([
      { action: 'password_changed', actor_user_id: school.user.id, ip: '203.0.113.21' },
    ]);
    expect(JSON.stringify(await auditOf('user', school.user.id))).not.toContain(CHOSEN_PASSWORD);
  });
});

describe('a sponsor’s own changes', () => {
  it('sending an enquiry, once', async () => {
    const sponsor = await signedInSponsor(t);
    const started = await t.api.post('/api/addtoenquiry', {
      body: { product_id: await productIdOf(t, 'teacher-lesson-planner'), qty: 2 },
      headers: bearer(sponsor.token),
    });
    expect(started.statusCode, started.body).toBe(200);
    const enqKey = started.json().enq_key as string;
    const body = {
      fullname: 'Dana Whitfield',
      email: 'dana@sunshine.example.com',
      phone: '(813) 555-0142',
      company: 'Sunshine Dental Care',
      message: 'Planners for Lakeview Middle School.',
      enq_id: enqKey,
      send_email: 1,
    };
    for (let i = 0; i < 2; i++) {
      const res = await t.api.post('/api/updatetoenq', { body, headers: bearer(sponsor.token) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [enquiry] = await t.db.select().from(enquiries).where(eq(enquiries.enq_key, enqKey));
    expect(await auditOf('enquiry', enquiry!.id)).toMatchObject([
      { action: 'create', actor_user_id: sponsor.user.id, changes: { before: null, after: { qty: 2 } } },
      {
        action: 'submit',
        actor_user_id: sponsor.user.id,
        changes: { after: { qty: 2, company: 'Sunshine Dental Care' } },
      },
    ]);
  });

  it('its profile, with the fields that changed only', async () => {
    const sponsor = await signedInSponsor(t);
    const save = (website: string) =>
      t.api.post('/api/sponsoraccount', {
        body: completeSponsorProfile({ primary_email: sponsor.email, website }),
        headers: bearer(sponsor.token),
      });
    expect((await save('www.first.example.com')).statusCode).toBe(200);
    expect((await save('www.second.example.com')).statusCode).toBe(200);
    const rows = await auditOf('sponsor', sponsor.user.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'update',
      actor_user_id: sponsor.user.id,
      changes: { before: { website: 'www.first.example.com' }, after: { website: 'www.second.example.com' } },
    });
  });
});
