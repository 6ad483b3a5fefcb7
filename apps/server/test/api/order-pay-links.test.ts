import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import {
  AdminOrderPayLinkResponse,
  OrderPayLinkResponse,
  OrderPaymentConfirmResponse,
  PayOrderPayLinkResponse,
} from '@portal/contracts/pay-links';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { email_outbox, pay_links, test_gateway_sessions } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { receiveOrderPayment } from '../../src/seed/factories.ts';
import { bearer, mailsTo, signedInSchool, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { CARDS, submitHostedPage } from '../helpers/hosted-page.ts';
import { expectOwedKept } from '../helpers/money-owed.ts';
import {
  invoiceOrder,
  linkKeyIn,
  orderAudit,
  orderPayLinksOf,
  placedOrderWithTax,
} from '../helpers/order-pay-links.ts';
import { paymentsOf, receiptsTo, schoolWithPlacedOrder, startedCardPayment, storedOrder } from '../helpers/orders.ts';
import { paymentOfUrl } from '../helpers/sponsorships.ts';
import { TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const clocked = clockedCatalogueApp();
let t: TestApp;
beforeAll(() => {
  t = clocked.app();
});

const send = (orderId: number, token: string | undefined, body: Record<string, string> = {}) =>
  t.api.post(`/api/admin/orders/${orderId}/pay-link`, { body, ...(token ? { headers: bearer(token) } : {}) });
const staffView = (orderId: number, token: string) =>
  t.api.get(`/api/admin/orders/${orderId}/pay-link`, { headers: bearer(token) });
const read = (key: string) => t.api.get(`/api/orderpaylink?link_key=${encodeURIComponent(key)}`);
const pay = (key: string) => t.api.post('/api/orderpaylink', { body: { link_key: key } });
const confirm = (key: string, via?: 'success' | 'cancel') =>
  t.api.get(`/api/orderpaymentconfirm?payment_key=${key}${via ? `&return_via=${via}` : ''}`);

/** An order with tax added, and the pay link an administrator e-mailed for it: its key read from the mail. */
async function sentLink(taxCents = 1_234) {
  const placed = await placedOrderWithTax(t, taxCents);
  const res = await send(placed.order.id, placed.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  const mails = (await mailsTo(t, placed.school.email)).filter((m) => m.template === 'order-pay-link');
  const mail = mails.at(-1);
  if (!mail) throw new Error('no pay-link mail');
  return { ...placed, mail, key: linkKeyIn(mail.text), answer: res.json() };
}

async function startedFrom(key: string) {
  const res = await pay(key);
  expect(res.statusCode, res.body).toBe(200);
  const url = PayOrderPayLinkResponse.parse(res.json()).payment_link;
  return { url, payment: await paymentOfUrl(t, url) };
}

describe('sending an order pay link (back office)', () => {
  it('lets an administrator only: a sales rep, a school and a sponsor 403, signed out 401, nothing written', async () => {
    const { order, school } = await placedOrderWithTax(t);
    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    const sponsor = await signedInSponsor(t);
    const otherSchool = await signedInSchool(t);
    for (const token of [rep.token, sponsor.token, otherSchool.token, school.token]) {
      for (const res of [await send(order.id, token), await staffView(order.id, token)]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
      }
    }
    expect((await send(order.id, undefined)).statusCode).toBe(401);
    expect((await t.api.get(`/api/admin/orders/${order.id}/pay-link`)).statusCode).toBe(401);
    expect(await orderPayLinksOf(t, order.id)).toHaveLength(0);
    expect((await mailsTo(t, school.email)).filter((m) => m.template === 'order-pay-link')).toHaveLength(0);
  });

  it('e-mails the school a link for the balance, valid 30 days, with an audit row of who sent it', async () => {
    const now = new Date('2026-09-01T12:00:00Z');
    clocked.setToday(now);
    const { order, school, admin, mail, key, answer } = await sentLink(1_234);
    expect(order.total_cents).toBe(order.subtotal_cents + 1_234);
    expect(answer).toEqual({
      status: 'success',
      message: MSG.adminPayLinkSent,
      url: `${TEST_PUBLIC_URL}/order-pay/${key}`,
      to: school.email,
    });
    expect(mail.subject).toBe(`Payment link for order #${order.id}`);
    expect(mail.text).toContain(`the balance of order #${order.id} (now ${formatMoney(order.total_cents)})`);
    expect(mail.text).toContain('The link can be used until October 1, 2026.');
    expect(mail.html).toContain(`${TEST_PUBLIC_URL}/order-pay/${key}`);
    const [link] = await orderPayLinksOf(t, order.id);
    expect(link).toMatchObject({ kind: 'order', order_id: order.id, sponsorship_id: null, amount_cents: null });
    expect(link?.created_by).toBe(admin.user.id);
    expect(link?.expires_at.toISOString()).toBe('2026-10-01T12:00:00.000Z');
    const audit = (await orderAudit(t, order.id)).filter((a) => a.action === 'pay-link');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_user_id).toBe(admin.user.id);
    expect(audit[0]?.changes).toMatchObject({
      after: { pay_link_id: link?.id, balance_cents: order.total_cents, to: school.email },
    });
  });

  it('sends it to another address when staff name one, and refuses a malformed one (400, nothing written)', async () => {
    const { order, admin } = await placedOrderWithTax(t);
    const bad = await send(order.id, admin.token, { to: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ to: MSG.invalidEmail });
    expect(await orderPayLinksOf(t, order.id)).toHaveLength(0);
    const res = await send(order.id, admin.token, { to: 'bookkeeper@bayshore.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().to).toBe('bookkeeper@bayshore.test');
    expect(await mailsTo(t, 'bookkeeper@bayshore.test')).toHaveLength(1);
  });

  it('refuses an order that is not payable (isPayable): a reservation, until staff invoice it once placed', async () => {
    const school = await schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '4' });
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const order = await storedOrder(t, school.orderKey);
    const refused = await send(order.id, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'error', message: MSG.orderPayLinkNotPayable });
    const view = AdminOrderPayLinkResponse.parse((await staffView(order.id, admin.token)).json());
    expect(view).toMatchObject({ payable: false, reason: MSG.orderPayLinkNotPayable, balance: order.total_cents });
    const moved = await t.api.post(`/api/admin/orders/${order.id}/status`, {
      body: { status: 'Order Placed' },
      headers: bearer(admin.token),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await send(order.id, admin.token)).statusCode).toBe(409);
    await invoiceOrder(t, order.id, 700_000 + order.id, '2026-09-01');
    expect((await send(order.id, admin.token)).statusCode).toBe(200);
    expect(await orderPayLinksOf(t, order.id)).toHaveLength(1);
  });

  it('keeps only the key’s hash, so a new link is the way to give it again: it ends the earlier one (410)', async () => {
    const first = await sentLink();
    const [stored] = await orderPayLinksOf(t, first.order.id);
    expect(stored?.key_hash).toBe(hashToken(first.key));
    expect(JSON.stringify(stored)).not.toContain(first.key);
    const { payment: started } = await startedFrom(first.key);

    const again = await send(first.order.id, first.admin.token);
    expect(again.statusCode, again.body).toBe(200);
    const mails = (await mailsTo(t, first.school.email)).filter((m) => m.template === 'order-pay-link');
    const second = linkKeyIn(mails.at(-1)?.text ?? '');
    expect(second).not.toBe(first.key);
    expect(again.json().url).toBe(`${TEST_PUBLIC_URL}/order-pay/${second}`);

    const ended = await read(first.key);
    expect(ended.statusCode).toBe(410);
    expect(ended.json()).toEqual({ status: 'error', message: MSG.payLinkExpired });
    expect((await pay(first.key)).statusCode).toBe(410);
    expect((await read(second)).statusCode).toBe(200);
    // The checkout the first link opened is still the payer's to finish or give up.
    expect((await confirm(started.payment_key)).statusCode).toBe(200);
    expect(await orderPayLinksOf(t, first.order.id)).toHaveLength(2);
  });

  it('refuses a paid order: nothing left to pay', async () => {
    const { order, admin } = await placedOrderWithTax(t);
    await receiveOrderPayment(t.db, order.id);
    const res = await send(order.id, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.orderNothingToPay);
    expect((await staffView(order.id, admin.token)).json()).toMatchObject({ payable: false, balance: 0 });
  });
});

describe('GET /api/orderpaylink', () => {
  it('answers the order and its balance: the total less what confirmed payments brought in, to the cent', async () => {
    const { order, key } = await sentLink(2_500);
    // A card payment confirmed before staff added the tax, of the old total.
    await receiveOrderPayment(t.db, order.id, { amountCents: order.subtotal_cents, gateway: 'offline' });
    const res = await read(key);
    expect(res.statusCode, res.body).toBe(200);
    const body = OrderPayLinkResponse.parse(res.json());
    expect(body).toMatchObject({
      total_amount_cents: order.total_cents,
      paid_amount: order.subtotal_cents,
      paid_amount_html: formatMoney(order.subtotal_cents),
      amount: 2_500,
      amount_html: '$25.00',
      paid_in_full: false,
      payment_status: 'unpaid',
      invoice: '',
    });
    expect(body.order).toMatchObject({ order_id: order.id, order_status: 'Order Placed', has_tax: true });
    expect(body.order.total_amount_html).toBe(formatMoney(order.total_cents));
    // Pay Now charges that balance, no more.
    const { payment } = await startedFrom(key);
    expect(payment).toMatchObject({ kind: 'order', order_id: order.id, amount_cents: 2_500, status: 'pending' });
  });

  it('answers Not found (404) for an unknown key or a sponsorship’s key, and 410 once 30 days have passed', async () => {
    const unknown = await read('no-such-link');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: MSG.payLinkNotFound });
    const start = new Date('2026-09-01T12:00:00Z');
    clocked.setToday(start);
    const { key, order } = await sentLink();
    clocked.setToday(new Date(start.getTime() + 30 * DAY - 1000));
    expect((await read(key)).statusCode).toBe(200);
    clocked.setToday(new Date(start.getTime() + 30 * DAY));
    const expired = await read(key);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ status: 'error', message: MSG.payLinkExpired });
    expect((await pay(key)).statusCode).toBe(410);
    expect(await paymentsOf(t, order.id)).toHaveLength(0);
    // The sponsorship pages know nothing of an order's link.
    expect((await t.api.get(`/api/sponsorshippaylink?link_key=${key}`)).statusCode).toBe(404);
  });
});

describe('paying an order’s balance by its link', () => {
  it('makes the order paid, once however often it is confirmed, with one receipt to the school', async () => {
    const { order, school, key } = await sentLink(1_234);
    const { url, payment } = await startedFrom(key);
    const [session] = await t.db
      .select()
      .from(test_gateway_sessions)
      .where(eq(test_gateway_sessions.id, payment.gateway_ref ?? ''));
    expect(session?.success_url).toBe(`${TEST_PUBLIC_URL}/order-payment-confirmed/${payment.payment_key}`);
    expect(session?.cancel_url).toBe(`${TEST_PUBLIC_URL}/order-payment-error/${payment.payment_key}`);
    const [link] = await t.db
      .select()
      .from(pay_links)
      .where(eq(pay_links.key_hash, hashToken(key)));
    expect(payment).toMatchObject({ pay_link_id: link?.id, user_id: school.user.id, amount_cents: order.total_cents });

    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
    for (let i = 0; i < 3; i++) {
      const res = await confirm(payment.payment_key, 'success');
      expect(res.statusCode, res.body).toBe(200);
      expect(OrderPaymentConfirmResponse.parse(res.json())).toEqual({
        status: 'success',
        message: 'ok',
        order_id: order.id,
        payment_status: 'paid',
        payment_result: 'paid',
        amount: order.total_cents,
        amount_html: formatMoney(order.total_cents),
        left_amount: 0,
        left_amount_html: '$0.00',
      });
      // The link's key is not the server's to give back: it keeps only its hash.
      expect(res.body).not.toContain(key);
    }
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
    const succeeded = (await paymentsOf(t, order.id)).filter((p) => p.status === 'succeeded');
    expect(succeeded.map((p) => p.amount_cents)).toEqual([order.total_cents]);
    const receipts = await receiptsTo(t, school.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Payment received for order #${order.id}`);
    // The link now says it is paid, and Pay Now starts nothing.
    expect((await read(key)).json()).toMatchObject({ amount: 0, paid_in_full: true, payment_status: 'paid' });
    const again = await pay(key);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.orderNothingToPay);
  });

  it('leaves the order unpaid when the card is declined, and the link pays again', async () => {
    const { order, school, key } = await sentLink();
    const { url, payment } = await startedFrom(key);
    await submitHostedPage(t, url, { card_number: CARDS.declined });
    const res = await confirm(payment.payment_key, 'cancel');
    expect(res.json()).toMatchObject({
      payment_result: 'declined',
      payment_status: 'unpaid',
      left_amount: order.total_cents,
    });
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('unpaid');
    expect(await receiptsTo(t, school.email)).toHaveLength(0);
    expect((await startedFrom(key)).payment.amount_cents).toBe(order.total_cents);
  });

  it('knows nothing of a payment the school started signed in (404), nor of an unknown key', async () => {
    const school = await schoolWithPlacedOrder(t);
    const started = await t.api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    expect(started.statusCode, started.body).toBe(200);
    const order = await storedOrder(t, school.orderKey);
    const own = (await paymentsOf(t, order.id)).at(-1);
    expect((await confirm(own?.payment_key ?? '')).statusCode).toBe(404);
    expect((await confirm('no-such-payment')).statusCode).toBe(404);
  });

  it('shows staff the balance, whether a link may be sent, and the links sent', async () => {
    const { order, admin } = await placedOrderWithTax(t, 700);
    const view = AdminOrderPayLinkResponse.parse((await staffView(order.id, admin.token)).json());
    expect(view).toMatchObject({
      payable: true,
      reason: '',
      balance: order.total_cents,
      balance_html: formatMoney(order.total_cents),
      paid_amount_html: '$0.00',
      sent: [],
    });
    await send(order.id, admin.token);
    const after = AdminOrderPayLinkResponse.parse((await staffView(order.id, admin.token)).json());
    expect(after.sent).toHaveLength(1);
    expect(after.sent[0]?.sent_by).not.toBe('');
    const outbox = await t.db.select().from(email_outbox).where(eq(email_outbox.template, 'order-pay-link'));
    expect(outbox.length).toBeGreaterThan(0);
  });

  it('shows the school signed in its balance due, and its own Pay Now charges that balance', async () => {
    const { order, school } = await placedOrderWithTax(t, 900);
    await receiveOrderPayment(t.db, order.id, { amountCents: order.subtotal_cents, gateway: 'offline' });
    const details = await t.api.get(`/api/orderdetails?order_key=${school.orderKey}`, {
      headers: bearer(school.token),
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({
      balance_due_html: '$9.00',
      order: { payment_link: `/checkout/${school.orderKey}` },
    });
    const placed = await t.api.post('/api/placeorder', {
      body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
      headers: bearer(school.token),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const started = (await paymentsOf(t, order.id)).filter((p) => p.status === 'pending');
    expect(started.map((p) => p.amount_cents)).toEqual([900]);
  });
});

describe('tax added after the school paid by card', () => {
  it('leaves the tax as the balance due, which the pay link charges and pays; the order is paid again', async () => {
    const { school, order, url } = await startedCardPayment(t);
    expect((await submitHostedPage(t, url, { card_number: CARDS.paid })).statusCode).toBe(303);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');

    const admin = await signedInStaff(t, USER_TYPE.admin);
    const tax = await t.api.post(`/api/admin/orders/${order.id}/tax`, {
      body: { tax_cents: 2_730 },
      headers: bearer(admin.token),
    });
    expect(tax.statusCode, tax.body).toBe(200);
    const taxed = await storedOrder(t, school.orderKey);
    expect(taxed).toMatchObject({ payment_status: 'unpaid', total_cents: order.total_cents + 2_730 });
    const details = await t.api.get(`/api/orderdetails?order_key=${school.orderKey}`, {
      headers: bearer(school.token),
    });
    expect(details.json().balance_due_html).toBe(formatMoney(2_730));

    expect((await send(order.id, admin.token)).statusCode).toBe(200);
    const mail = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-pay-link').at(-1);
    const { url: linkUrl, payment } = await startedFrom(linkKeyIn(mail?.text ?? ''));
    expect(payment.amount_cents).toBe(2_730);
    expect((await submitHostedPage(t, linkUrl, { card_number: CARDS.paid })).statusCode).toBe(303);
    expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
    expect((await paymentsOf(t, order.id)).map((p) => [p.status, p.amount_cents])).toEqual([
      ['succeeded', order.total_cents],
      ['succeeded', 2_730],
    ]);
  });
});

describe('what is owed, as the database keeps it', () => {
  it('is what the records add up to, after every change the tests above made', () => expectOwedKept(t));
});
