import { USER_TYPE } from '@portal/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { email_outbox, pay_links } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { SENT_SECRET_PLACEHOLDER } from '../../src/modules/mail/remove-sent-secrets.ts';
import {
  bearer,
  createSchoolUser,
  createSponsorUser,
  newSponsorFields,
  signedInStaff,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { placedOrderWithTax } from '../helpers/order-pay-links.ts';
import { mimeParts, type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Mail sent over SMTP (decision 029): the receiver gets the secret link, the outbox keeps the
 * record without it, and the link still works, since its key's hash is in its own table.
 */

const DELIVERY = { timeout: 10_000, interval: 100 };

let smtp: SmtpReceiver;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createCatalogueApp({ workers: true, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The text part of the one message `to` received, once it has. */
async function receivedText(to: string): Promise<string> {
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).length, DELIVERY).toBe(1);
  const raw = smtp.received.find((m) => m.to.includes(to))?.raw ?? '';
  return mimeParts(raw).find((p) => p.contentType === 'text/plain')?.body ?? '';
}

/** The outbox row of the message to `to`, once it is marked sent. */
async function sentRow(to: string, template: string) {
  let row: typeof email_outbox.$inferSelect | undefined;
  await expect
    .poll(async () => {
      [row] = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, to));
      return row?.status;
    }, DELIVERY)
    .toBe('sent');
  expect(row?.template).toBe(template);
  return row as typeof email_outbox.$inferSelect;
}

/** The key a link of `page` carries in a text. */
function keyIn(text: string, page: string): string {
  const key = new RegExp(`/${page}/([\\w-]+)`).exec(text)?.[1];
  if (!key) throw new Error(`no /${page}/ link in: ${text}`);
  return key;
}

function expectKeptWithout(row: typeof email_outbox.$inferSelect, key: string) {
  expect(row.text).not.toContain(key);
  expect(row.html).not.toContain(key);
  expect(row.secrets).toEqual([]);
  expect(row.text).toContain(SENT_SECRET_PLACEHOLDER);
  expect(row.html).toContain(SENT_SECRET_PLACEHOLDER);
}

describe('POST /api/forgotpassword, sent over SMTP', () => {
  it('mails the reset link, keeps the sent message without it, and the link sets the password', async () => {
    const school = await createSchoolUser(t);
    const res = await t.api.post('/api/forgotpassword', { body: { email: school.email }, remoteAddress: uniqueIp() });
    expect(res.statusCode, res.body).toBe(200);
    const key = keyIn(await receivedText(school.email), 'set-password');

    const row = await sentRow(school.email, 'password-reset');
    expectKeptWithout(row, key);
    expect(row.text).toContain(`Set a new password: ${SENT_SECRET_PLACEHOLDER}`);

    const set = await t.api.post('/api/setpassword', {
      body: { npassword: 'brand-new-1', cpassword: 'brand-new-1', securitykey: key },
    });
    expect(set.statusCode, set.body).toBe(200);
  });
});

describe('POST /api/admin/sponsors, sent over SMTP', () => {
  it('mails the invitation’s set-password link and keeps the sent message without it', async () => {
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const email = uniqueEmail('invited');
    const res = await t.api.post('/api/admin/sponsors', {
      body: newSponsorFields({ primary_email: email }),
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = keyIn(await receivedText(email), 'set-password');
    expectKeptWithout(await sentRow(email, 'sponsor-invitation'), key);
    const set = await t.api.post('/api/setpassword', {
      body: { npassword: 'brand-new-1', cpassword: 'brand-new-1', securitykey: key },
    });
    expect(set.statusCode, set.body).toBe(200);
  });
});

describe('POST /api/admin/orders/:id/pay-link, sent over SMTP', () => {
  it('mails the pay link, keeps the sent message without it, and the link opens by its hash', async () => {
    const { order, admin } = await placedOrderWithTax(t);
    const to = uniqueEmail('bookkeeper');
    const res = await t.api.post(`/api/admin/orders/${order.id}/pay-link`, {
      body: { to },
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = keyIn(await receivedText(to), 'order-pay');

    expectKeptWithout(await sentRow(to, 'order-pay-link'), key);
    const [link] = await t.db.select().from(pay_links).where(eq(pay_links.order_id, order.id));
    expect(link?.key_hash).toBe(hashToken(key));
    const opened = await t.api.get(`/api/orderpaylink?link_key=${key}`);
    expect(opened.statusCode, opened.body).toBe(200);
  });
});

describe('POST /api/admin/sponsorships/:id/pay-link, sent over SMTP', () => {
  it('mails the pay link, keeps the sent message without it, and the link opens by its hash', async () => {
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const sponsor = await createSponsorUser(t, { business_name: 'Harbor Bakery' });
    const s = await sponsorshipOf(t, sponsor.user.id, 25_000);
    const to = uniqueEmail('accounts');
    const res = await t.api.post(`/api/admin/sponsorships/${s.id}/pay-link`, {
      body: { to },
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = keyIn(await receivedText(to), 'sponsorship-pay');

    expectKeptWithout(await sentRow(to, 'sponsorship-pay-link'), key);
    const [link] = await t.db.select().from(pay_links).where(eq(pay_links.sponsorship_id, s.id));
    expect(link?.key_hash).toBe(hashToken(key));
    const opened = await t.api.get(`/api/sponsorshippaylink?link_key=${key}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ sponsorship_id: s.id, amount: 25_000 });
  });
});
