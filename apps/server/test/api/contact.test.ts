import { MSG, tooLong } from '@portal/contracts/messages';
import type { TContactFields } from '@portal/contracts/profiles';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contact_requests, email_outbox, site_settings } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let supportEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db.select().from(site_settings).where(eq(site_settings.key, 'support_email'));
  supportEmail = row!.value;
});
afterAll(() => t?.close());

function fields(overrides: Partial<TContactFields> = {}): TContactFields {
  return {
    fullname: 'Jamie Rivera',
    email: uniqueEmail('visitor'),
    phone: '(813) 555-0199',
    state: 'Florida',
    city: 'Tampa',
    company: 'Rivera Family Dentistry',
    message: 'We would like to sponsor planners for two schools.',
    ...overrides,
  };
}

async function requestsFrom(email: string) {
  return t.db.select().from(contact_requests).where(eq(contact_requests.email, email));
}

async function lastMailTo(address: string) {
  const [mail] = await t.db
    .select()
    .from(email_outbox)
    .where(eq(email_outbox.to_address, address))
    .orderBy(desc(email_outbox.id))
    .limit(1);
  return mail;
}

const forms = [
  { route: '/api/addenquiry', kind: 'contact', template: 'contact-contact', companyMessage: MSG.companyRequired },
  {
    route: '/api/addsponsorreq',
    kind: 'sponsor',
    template: 'contact-sponsor',
    companyMessage: MSG.businessNameRequired,
  },
] as const;

describe.each(forms)('POST $route', ({ route, kind, template, companyMessage }) => {
  it('stores the request and e-mails it to the support address with the sender’s details', async () => {
    const body = fields();
    const res = await t.api.post(route, { remoteAddress: uniqueIp(), body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.thankYouContact });

    const rows = await requestsFrom(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind,
      fullname: 'Jamie Rivera',
      email: body.email,
      phone: '8135550199',
      state: 'Florida',
      city: 'Tampa',
      company: 'Rivera Family Dentistry',
      message: 'We would like to sponsor planners for two schools.',
      user_id: null,
      handled_at: null,
    });

    const mail = await lastMailTo(supportEmail);
    expect(mail).toMatchObject({ template, status: 'queued' });
    expect(mail?.subject).toContain('Rivera Family Dentistry');
    for (const part of [mail?.text ?? '', mail?.html ?? '']) {
      for (const detail of ['Jamie Rivera', body.email, '8135550199', 'Tampa', 'Florida', 'Rivera Family Dentistry']) {
        expect(part).toContain(detail);
      }
      expect(part).toContain('We would like to sponsor planners for two schools.');
    }
  });

  it('stores a phone number typed with a leading +1 as its 10 digits', async () => {
    const body = fields({ phone: '+1 813-555-0199' });
    expect((await t.api.post(route, { remoteAddress: uniqueIp(), body })).statusCode).toBe(200);
    expect((await requestsFrom(body.email))[0]?.phone).toBe('8135550199');
  });

  it('sends the mail to the support address staff set', async () => {
    await t.db
      .update(site_settings)
      .set({ value: 'help@desk.example.org' })
      .where(eq(site_settings.key, 'support_email'));
    try {
      await expect
        .poll(async () => (await t.ctx.cache.settings.get()).support_email, { timeout: 5000 })
        .toBe('help@desk.example.org');
      const body = fields();
      expect((await t.api.post(route, { remoteAddress: uniqueIp(), body })).statusCode).toBe(200);
      expect((await lastMailTo('help@desk.example.org'))?.text).toContain(body.email);
    } finally {
      await t.db.update(site_settings).set({ value: supportEmail }).where(eq(site_settings.key, 'support_email'));
      await expect
        .poll(async () => (await t.ctx.cache.settings.get()).support_email, { timeout: 5000 })
        .toBe(supportEmail);
    }
  });

  it('escapes HTML in the HTML part, keeping the text part as typed', async () => {
    const message = 'Hello <script>alert("x")</script> & <b>bold</b>';
    const body = fields({ message, fullname: 'Jo <img src=x onerror=alert(1)>' });
    expect((await t.api.post(route, { remoteAddress: uniqueIp(), body })).statusCode).toBe(200);

    const mail = (await lastMailTo(supportEmail))!;
    expect(mail.text).toContain(body.email);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(
      'Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    expect(mail.html).toContain('Jo &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain(message);
  });

  it('records the signed-in user who sent it', async () => {
    const school = await signedInSchool(t);
    const body = fields();
    expect(
      (await t.api.post(route, { remoteAddress: uniqueIp(), body, headers: bearer(school.token) })).statusCode,
    ).toBe(200);
    const [row] = await requestsFrom(body.email);
    expect(row?.user_id).toBe(school.user.id);
  });

  it('reads a URL-encoded form', async () => {
    const body = fields();
    const res = await t.api.post(route, {
      remoteAddress: uniqueIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body as Record<string, string>).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await requestsFrom(body.email)).toHaveLength(1);
  });

  it('is refused with 403 without the anti-forgery header, storing and sending nothing', async () => {
    const body = fields();
    const before = await t.db.select({ id: email_outbox.id }).from(email_outbox);
    const res = await t.api.post(route, { remoteAddress: uniqueIp(), body, xsrfHeader: null });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MSG.xsrf });
    expect(await requestsFrom(body.email)).toHaveLength(0);
    expect(await t.db.select({ id: email_outbox.id }).from(email_outbox)).toHaveLength(before.length);
  });

  it.each([
    ['fullname', MSG.fullNameRequired],
    ['email', MSG.validEmailAddress],
    ['phone', MSG.phoneRequired],
    ['state', MSG.stateRequired],
    ['city', MSG.cityRequired],
    ['company', companyMessage],
    ['message', MSG.required],
  ] as const)('answers 400 when %s is missing or blank: %j', async (field, message) => {
    const missing: Record<string, string> = fields();
    delete missing[field];
    for (const body of [missing, fields({ [field]: '   ' })]) {
      const res = await t.api.post(route, { remoteAddress: uniqueIp(), body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
      expect(await requestsFrom(String(body.email))).toHaveLength(0);
    }
  });

  it.each([
    ['email', 'jamie@', MSG.invalidEmail],
    ['phone', '813555019', MSG.invalidPhone],
    ['phone', '81355501999', MSG.invalidPhone],
    ['phone', '813555019x', MSG.invalidPhone],
    ['fullname', 'J'.repeat(201), tooLong(200)],
    ['message', 'M'.repeat(5001), tooLong(5000)],
  ] as const)('answers 400 on %s for %j', async (field, value, message) => {
    const res = await t.api.post(route, { remoteAddress: uniqueIp(), body: fields({ [field]: value }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
  });
});
