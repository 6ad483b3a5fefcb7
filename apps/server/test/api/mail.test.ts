import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { email_outbox } from '../../src/db/schema/index.ts';
import { renderMail } from '../../src/modules/mail/layout.ts';
import { queueMail } from '../../src/modules/mail/queue-mail.ts';
import { mimeParts, type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const DELIVERY_TIMEOUT = { timeout: 8000, interval: 100 };

function welcome(to: string) {
  return {
    ...renderMail({
      subject: 'Welcome to School Planner Savings',
      paragraphs: ['Hello <b>Pat</b> & friends,', 'Your account is ready.'],
      action: { label: 'Set your password', url: 'http://portal.test/set-password/abc123' },
    }),
    to,
    template: 'welcome',
  };
}

async function outboxStatus(t: TestApp, id: number) {
  const [row] = await t.db.select({ status: email_outbox.status }).from(email_outbox).where(eq(email_outbox.id, id));
  return row?.status;
}

describe('mail without SMTP (development and tests)', () => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    id = await queueMail(t.ctx, t.db, welcome('pat@example.com'));
  });
  afterAll(() => t?.close());

  it('is kept in the outbox by the mail job', async () => {
    await expect.poll(() => outboxStatus(t, id), DELIVERY_TIMEOUT).toBe('kept');
  });

  describe('GET /api/dev/mailbox', () => {
    it('lists the message with both parts', async () => {
      await expect.poll(() => outboxStatus(t, id), DELIVERY_TIMEOUT).toBe('kept');
      const res = await t.api.get('/api/dev/mailbox');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'success', message: 'ok' });
      const message = body.messages.find((m: { id: number }) => m.id === id);
      expect(message).toMatchObject({
        to: 'pat@example.com',
        subject: 'Welcome to School Planner Savings',
        template: 'welcome',
        status: 'kept',
      });
      expect(message.text).toContain('Hello <b>Pat</b> & friends,');
      expect(message.text).toContain('Set your password: http://portal.test/set-password/abc123');
      expect(message.html).toContain('Hello &lt;b&gt;Pat&lt;/b&gt; &amp; friends,');
      expect(message.html).toContain('href="http://portal.test/set-password/abc123"');
    });
  });

  describe('GET /api/dev/mailbox from another machine', () => {
    it('answers as an address that does not exist, however the request names its sender', async () => {
      await expect.poll(() => outboxStatus(t, id), DELIVERY_TIMEOUT).toBe('kept');
      for (const remoteAddress of ['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', 'fe80::1']) {
        const res = await t.api.get('/api/dev/mailbox', {
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
        });
        expect(res.statusCode, remoteAddress).toBe(404);
        expect(res.json()).toEqual({ status: 'error', message: MSG.apiNotFound });
        expect(res.body).not.toContain('pat@example.com');
      }
    });

    it('answers this machine by any of its loopback addresses', async () => {
      for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
        const res = await t.api.get('/api/dev/mailbox', { remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(200);
        expect(res.body).toContain('pat@example.com');
      }
    });
  });

  describe('GET /dev/mailbox from another machine', () => {
    it('is the page of an address that does not exist', async () => {
      const unknown = await t.api.get('/dev/no-such-page');
      const res = await t.api.get('/dev/mailbox', { remoteAddress: '10.0.0.7' });
      expect(res.statusCode).toBe(404);
      // The same page, the address it names aside.
      expect(res.body).toBe(unknown.body.replaceAll('/dev/no-such-page', '/dev/mailbox'));
      expect(res.body).not.toContain('pat@example.com');
    });
  });

  describe('GET /dev/mailbox', () => {
    it('shows the message as escaped text', async () => {
      await expect.poll(() => outboxStatus(t, id), DELIVERY_TIMEOUT).toBe('kept');
      const res = await t.api.get('/dev/mailbox');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h2>Welcome to School Planner Savings</h2>');
      expect(res.body).toContain('Hello &lt;b&gt;Pat&lt;/b&gt; &amp; friends,');
      expect(res.body).not.toContain('<b>Pat</b>');
      expect(res.body).toContain('<a href="http://portal.test/set-password/abc123">');
      expect(res.body).toContain('pat@example.com');
    });
  });
});

describe('mail with SMTP', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ workers: true, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('is delivered with a text and an HTML part, and marked sent', async () => {
    const id = await queueMail(t.ctx, t.db, { ...welcome('sam@example.com'), cc: 'office@example.com' });

    await expect.poll(() => smtp.received.length, DELIVERY_TIMEOUT).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('no-reply@schoolplannersavings.com');
    expect(mail?.to).toEqual(['sam@example.com', 'office@example.com']);
    expect(mail?.raw).toMatch(/^Subject: Welcome to School Planner Savings\r?$/m);
    expect(mail?.raw).toMatch(/^Content-Type: multipart\/alternative;/m);

    const parts = mimeParts(mail?.raw ?? '');
    const text = parts.find((p) => p.contentType === 'text/plain');
    const html = parts.find((p) => p.contentType === 'text/html');
    expect(text?.body).toContain('Hello <b>Pat</b> & friends,');
    expect(text?.body).toContain('Set your password: http://portal.test/set-password/abc123');
    expect(html?.body).toContain('Hello &lt;b&gt;Pat&lt;/b&gt; &amp; friends,');
    expect(html?.body).toContain('href="http://portal.test/set-password/abc123"');

    await expect.poll(() => outboxStatus(t, id), DELIVERY_TIMEOUT).toBe('sent');
    const [row] = await t.db.select().from(email_outbox).where(eq(email_outbox.id, id));
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it('has no mailbox, even asked from this machine: GET /api/dev/mailbox and /dev/mailbox are unknown', async () => {
    const api = await t.api.get('/api/dev/mailbox', { remoteAddress: '127.0.0.1' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: 'error', message: MSG.apiNotFound });
    const page = await t.api.get('/dev/mailbox', { remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Mailbox');
  });
});

describe('the development mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://portal.example.com',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      },
    });
  });
  afterAll(() => t?.close());

  it('GET /api/dev/mailbox does not exist', async () => {
    const res = await t.api.get('/api/dev/mailbox');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MSG.apiNotFound });
  });

  it('GET /dev/mailbox does not exist', async () => {
    const res = await t.api.get('/dev/mailbox');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Mailbox');
  });
});
