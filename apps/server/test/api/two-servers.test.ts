import { UpdateProductBody } from '@portal/contracts/admin-catalogue';
import { businessDay } from '@portal/contracts/business-time';
import { USER_TYPE } from '@portal/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/client.ts';
import { audit_log, email_outbox, payment_reminders, sponsorships } from '../../src/db/schema/index.ts';
import { JobQueue, QUEUES } from '../../src/modules/jobs/job-queue.ts';
import { REMINDER_CRON } from '../../src/modules/reminders/work-payment-reminders.ts';
import { createSponsor, createSponsorship } from '../../src/seed/factories.ts';
import { seedCatalogue } from '../../src/seed/seed-catalogue.ts';
import { bearer, createSchoolUser, PASSWORD, signedInSchool, signedInStaff, uniqueEmail } from '../helpers/accounts.ts';
import { productIdOf } from '../helpers/catalogue.ts';
import { sinkLogger } from '../helpers/logged-errors.ts';
import { type S3Server, startS3Server } from '../helpers/s3-server.ts';
import { SERVED_BY, type ServersBehindProxy, startServersBehindProxy } from '../helpers/servers-behind-proxy.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { multipart, newOrder, SAMPLES, uploadOk } from '../helpers/uploads.ts';

/**
 * Two servers on one database and one bucket behind a round-robin proxy, as behind a load
 * balancer: each request goes to the other server than the one before.
 */

let bucket: S3Server;
let smtp: SmtpReceiver;
let pair: ServersBehindProxy;
let t: TestApp;
/** The sponsor whose sponsorship is due today, made before the servers start. */
let owing: { email: string; sponsorshipId: number };

const DAY = 86_400_000;

/**
 * Before the servers start: the daily reminders' schedule exists and no server has looked
 * at the schedules for two days, so the first to look owes one run of it (pg-boss's `missed:
 * 'once'`); a sponsorship is due today, so that run has one reminder to send.
 */
async function owedReminderRun(databaseUrl: string) {
  const jobs = new JobQueue(databaseUrl, sinkLogger('job queue before the servers'));
  await jobs.start();
  await jobs.schedule(QUEUES.paymentReminders, REMINDER_CRON, {});
  await jobs.stop();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`update pgboss.schedule set created_on = now() - interval '2 days'`);
    await client.query(`update pgboss.version set cron_on = now() - interval '2 days'`);
  } finally {
    await client.end();
  }
  const db = createDatabase(databaseUrl, { max: 1 });
  try {
    const { user, sponsor } = await createSponsor(db, { email: uniqueEmail('owing'), business_name: 'Bayside Dental' });
    const sponsorship = await createSponsorship(db, {
      sponsorId: sponsor.id,
      year: 2026,
      status: 'Approved',
      items: [{ sponsorship_type: 'Planner ad', adv_size: 'Full page', qty: 1, rate_cents: 40_000 }],
    });
    // Due 30 days after it was made: today.
    const today = businessDay(new Date());
    await db
      .update(sponsorships)
      .set({ created_at: new Date(Date.parse(`${today}T12:00:00Z`) - 30 * DAY) })
      .where(eq(sponsorships.id, sponsorship.id));
    owing = { email: user.email, sponsorshipId: sponsorship.id };
  } finally {
    await db.$client.end();
  }
}

beforeAll(async () => {
  [bucket, smtp] = await Promise.all([startS3Server(), startSmtpReceiver()]);
  pair = await startServersBehindProxy({
    env: { ...bucket.env, SMTP_URL: smtp.url },
    workers: true,
    beforeBoot: owedReminderRun,
  });
  t = pair.t;
  await seedCatalogue(t.db, t.ctx.storage);
  for (const server of pair.servers) server.booted.ctx.feed.touchAll();
}, 120_000);
afterAll(async () => {
  await pair?.close();
  await Promise.all([bucket?.close(), smtp?.close()]);
});

const servedBy = (res: { headers: Record<string, unknown> }) => res.headers[SERVED_BY] as string;
/** The server other than the one that gave `res`. */
const other = (res: { headers: Record<string, unknown> }) => (servedBy(res) === 'A' ? 'B' : 'A');

/** Each server asked directly, not through the proxy. */
const direct = (url: string, headers: Record<string, string> = {}) =>
  Promise.all(
    pair.servers.map(async (server) => {
      const res = await fetch(`${server.url}${url}`, { headers });
      return { server: server.name, status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    }),
  );

const mailsReceivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));

/** The jobs of a queue not yet done (waiting, running or to be retried). */
async function jobsPending(queue: string) {
  const { rows } = await t.db.$client.query<{ n: number }>(
    `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'active', 'retry')`,
    [queue],
  );
  return rows[0]?.n;
}

describe('two servers on one database and one bucket', () => {
  it('each is ready, keeps files in the bucket and counts two servers', async () => {
    for (const res of await direct('/api/ready')) {
      expect(res.status, `server ${res.server}`).toBe(200);
      expect(JSON.parse(res.body.toString())).toEqual({
        status: 'success',
        message: 'ok',
        database: 'up',
        storage: 'bucket',
        servers: 2,
      });
    }
  });

  it('the proxy sends each request to the other server than the one before', async () => {
    const served: string[] = [];
    for (let i = 0; i < 4; i++) served.push(servedBy(await pair.api.get('/api/health')));
    expect(served.join('')).toMatch(/^(ABAB|BABA)$/);
  });

  it('a school signed in through one server is served by the other with its token', async () => {
    const account = await createSchoolUser(t, { school_name: 'Lakeview Middle School' });
    const login = await pair.api.post('/api/login', {
      body: { username: account.email, password: PASSWORD, usertype: USER_TYPE.school, remember: false },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().token as string;

    const details = await pair.api.get('/api/schooldetails', { headers: bearer(token) });
    expect(servedBy(details)).toBe(other(login));
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().result).toMatchObject({ school_name: 'Lakeview Middle School' });
    // And by the first one again.
    const again = await pair.api.get('/api/schooldetails', { headers: bearer(token) });
    expect(servedBy(again)).toBe(servedBy(login));
    expect(again.statusCode).toBe(200);

    // Signed out through one, refused by both at once.
    const out = await pair.api.post('/api/logout', { headers: bearer(token) });
    expect(out.statusCode, out.body).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await pair.api.get('/api/schooldetails', { headers: bearer(token) })).statusCode).toBe(401);
    }
  });

  it('each takes a client’s address from what the proxy appended, not from what the client wrote', async () => {
    const email = uniqueEmail('through-proxy');
    for (let i = 0; i < 2; i++) {
      const res = await pair.api.post('/api/login', {
        headers: { 'x-forwarded-for': '203.0.113.99' },
        body: { username: email, password: 'guess', usertype: USER_TYPE.school, remember: false },
      });
      expect(res.statusCode, res.body).toBe(401);
    }
    const rows = await t.db
      .select({ ip: audit_log.ip })
      .from(audit_log)
      .where(and(eq(audit_log.action, 'sign_in_failed'), eq(audit_log.entity_id, email)));
    // Both servers answered once; the client's own address is the proxy's last hop, loopback here.
    expect(rows.map((row) => row.ip)).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it('a page staff edit through one server is served changed by the other on the next request', async () => {
    const admin = await signedInStaff(t, USER_TYPE.admin);
    // Both servers have the page cached before the edits.
    const before = [await pair.api.get('/api/page?page_id=2'), await pair.api.get('/api/page?page_id=2')];
    expect(new Set(before.map(servedBy))).toEqual(new Set(['A', 'B']));

    // Twice, so that each server is once the one that edits.
    for (const title of ['Our story | School Planner Savings', 'Who we are | School Planner Savings']) {
      const edit = await pair.api.post('/api/admin/pages/2', {
        headers: bearer(admin.token),
        body: {
          seo_title: title,
          seo_description: 'How sponsors and schools work together.',
          image_url: '/images/social/about.png',
          image_width: 600,
          image_height: 600,
          body_html: '<p>Our story.</p>',
        },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const page = await pair.api.get('/api/page?page_id=2');
      expect(servedBy(page)).toBe(other(edit));
      expect(page.json().seo_title).toBe(title);
    }
  });

  it('a product staff rename through one server is served renamed by the other on the next request', async () => {
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const id = await productIdOf(t, 'primary-planner-classic-blue');
    const path = '/api/productinfo?slug=primary-planner-classic-blue';
    await pair.api.get(path);
    await pair.api.get(path);
    const current = await pair.api.get(`/api/admin/products/${id}`, { headers: bearer(admin.token) });
    expect(current.statusCode, current.body).toBe(200);
    // What the form sends back: the product's fields and the version it was read at.
    const fields = UpdateProductBody.parse(current.json().product);
    const edit = await pair.api.post(`/api/admin/products/${id}`, {
      headers: bearer(admin.token),
      body: { ...fields, product_name: 'Primary Planner, Ocean Blue' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const page = await pair.api.get(path);
    expect(servedBy(page)).toBe(other(edit));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().product.product_name).toBe('Primary Planner, Ocean Blue');
  });

  it("a school's order file uploaded through one server is downloaded from both", async () => {
    const school = await signedInSchool(t);
    const orderKey = await newOrder(t, school.token);
    const content = Buffer.concat([SAMPLES.pdf, Buffer.from(`artwork of ${orderKey}`)]);
    const file = await uploadOk(t, school.token, orderKey, 'custom_pages', { filename: 'pages.pdf', content });
    const downloads = await direct(`/api/orderfile/${file.file_path_raw}`, bearer(school.token));
    expect(downloads.map((d) => [d.server, d.status])).toEqual([
      ['A', 200],
      ['B', 200],
    ]);
    for (const d of downloads) expect(d.body.equals(content)).toBe(true);
    // It is in the bucket, not in either server's folder.
    expect(await t.ctx.storage.exists(`order-files/${file.file_path_raw}`)).toBe(true);
  });

  it('a catalogue picture staff upload through one server is served at /uploads/ by both', async () => {
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const id = await productIdOf(t, 'primary-planner-classic-blue');
    const picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    const { body, contentType } = multipart([{ name: 'file', filename: 'teal.png', content: picture }]);
    const res = await pair.api.post(`/api/admin/products/${id}/images`, {
      headers: { ...bearer(admin.token), 'content-type': contentType },
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().image.url as string;
    expect(url).toMatch(/^\/uploads\/products\/uploaded\//);
    const served = await direct(url);
    expect(served.map((s) => [s.server, s.status])).toEqual([
      ['A', 200],
      ['B', 200],
    ]);
    const stored = await t.ctx.storage.get(url.slice('/uploads/'.length));
    const bytes = Buffer.concat(await (stored?.body.toArray() ?? []));
    expect(bytes.length).toBeGreaterThan(0);
    for (const s of served) expect(s.body.equals(bytes)).toBe(true);
  });

  it('a queued e-mail is delivered once with both servers working the queue', async () => {
    const account = await createSchoolUser(t);
    const res = await pair.api.post('/api/forgotpassword', { body: { email: account.email } });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => mailsReceivedBy(account.email).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => jobsPending(QUEUES.mail), { timeout: 30_000 }).toBe(0);
    const rows = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, account.email));
    expect(rows.map((r) => [r.template, r.status, r.attempts])).toEqual([['password-reset', 'sent', 1]]);
    expect(mailsReceivedBy(account.email)).toHaveLength(1);
  });

  it("the day's scheduled reminders run once across both servers", async () => {
    const subject = `Payment reminder: sponsorship #${owing.sponsorshipId}`;
    await expect.poll(() => mailsReceivedBy(owing.email).length, { timeout: 45_000 }).toBe(1);
    await expect.poll(() => jobsPending(QUEUES.paymentReminders), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => jobsPending(QUEUES.mail), { timeout: 30_000 }).toBe(0);

    const { rows: runs } = await t.db.$client.query<{ state: string }>(`select state from pgboss.job where name = $1`, [
      QUEUES.paymentReminders,
    ]);
    expect(runs.map((r) => r.state)).toEqual(['completed']);
    const claims = await t.db
      .select()
      .from(payment_reminders)
      .where(and(eq(payment_reminders.kind, 'sponsorship'), eq(payment_reminders.record_id, owing.sponsorshipId)));
    expect(claims.map((c) => c.step)).toEqual(['due']);
    const received = mailsReceivedBy(owing.email);
    expect(received).toHaveLength(1);
    expect(received[0]?.raw).toContain(subject);
    const queued = await t.db
      .select({ status: email_outbox.status })
      .from(email_outbox)
      .where(and(eq(email_outbox.to_address, owing.email), sql`${email_outbox.template} like 'payment-reminder-%'`));
    expect(queued).toEqual([{ status: 'sent' }]);
  });
});
