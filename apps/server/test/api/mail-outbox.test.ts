import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/client.ts';
import { email_outbox, payments } from '../../src/db/schema/index.ts';
import { QUEUES } from '../../src/modules/jobs/job-queue.ts';
import { createTransport, deliverMail } from '../../src/modules/mail/deliver-mail.ts';
import { type OutgoingMail, queueMail } from '../../src/modules/mail/queue-mail.ts';
import { MAIL_SWEEP_CRON, sweepOutbox } from '../../src/modules/mail/sweep-outbox.ts';
import { recordOfflinePayment } from '../../src/modules/payments/record-offline-payment.ts';
import { createSponsorUser, uniqueEmail } from '../helpers/accounts.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const DELIVERY = { timeout: 15_000, interval: 100 };

function note(to: string): OutgoingMail {
  return { to, subject: 'A note for you', html: '<p>Hello</p>', text: 'Hello', template: 'note' };
}

async function outboxRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(email_outbox).where(eq(email_outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** The delivery jobs of one message, in any state, as `db` sees them. */
async function deliveryJobs(db: Executor, id: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.mail} and singleton_key = ${String(id)}`,
  );
  return rows[0]?.n ?? -1;
}

/** A message as a server left it when it stopped between writing it and queueing its job: in the outbox, no job. */
async function insertWithoutJob(t: TestApp, to: string): Promise<number> {
  const mail = note(to);
  const [row] = await t.db
    .insert(email_outbox)
    .values({ to_address: to, subject: mail.subject, html: mail.html, text: mail.text, template: mail.template })
    .returning({ id: email_outbox.id });
  if (!row) throw new Error('no row');
  return row.id;
}

const receivedBy = (smtp: SmtpReceiver, address: string) => smtp.received.filter((m) => m.to.includes(address));

describe('the mail outbox', () => {
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

  it('writes the message and its delivery job in the caller’s transaction: neither is seen before it commits', async () => {
    const to = uniqueEmail('committed');
    let id = 0;
    await t.db.transaction(async (tx) => {
      id = await queueMail(t.ctx, tx, note(to));
      expect(await deliveryJobs(tx, id)).toBe(1);
      expect(await t.db.select().from(email_outbox).where(eq(email_outbox.id, id))).toEqual([]);
      expect(await deliveryJobs(t.db, id)).toBe(0);
    });
    await expect.poll(async () => (await outboxRow(t, id)).status, DELIVERY).toBe('sent');
    expect(receivedBy(smtp, to)).toHaveLength(1);
  });

  it('leaves neither the message nor its job when the change that caused it rolls back', async () => {
    const to = uniqueEmail('rolled-back');
    let id = 0;
    await expect(
      t.db.transaction(async (tx) => {
        id = await queueMail(t.ctx, tx, note(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(id).toBeGreaterThan(0);
    expect(await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, to))).toEqual([]);
    expect(await deliveryJobs(t.db, id)).toBe(0);
  });

  it('delivers a message left without its job once, however many sweeps run at once', async () => {
    // Every server runs the sweep; the database holds its one schedule.
    const { rows } = await t.db.execute(sql`select cron from pgboss.schedule where name = ${QUEUES.mailSweep}`);
    expect(rows).toEqual([{ cron: MAIL_SWEEP_CRON }]);
    const to = uniqueEmail('swept');
    const id = await insertWithoutJob(t, to);
    const counts = await Promise.all([sweepOutbox(t.ctx), sweepOutbox(t.ctx), sweepOutbox(t.ctx)]);
    expect(counts.every((n) => n >= 1)).toBe(true);

    await expect.poll(async () => (await outboxRow(t, id)).status, DELIVERY).toBe('sent');
    expect(receivedBy(smtp, to)).toHaveLength(1);
    expect(await outboxRow(t, id)).toMatchObject({ attempts: 1, last_error: null, claimed_until: null });
    // Sent, it is not queued again.
    await sweepOutbox(t.ctx);
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(email_outbox)
      .where(and(eq(email_outbox.id, id), eq(email_outbox.status, 'sent')));
    expect(left?.n).toBe(1);
    expect(receivedBy(smtp, to)).toHaveLength(1);
  });

  it('sends a message once when two deliveries of it run at once', async () => {
    const to = uniqueEmail('twice');
    const id = await insertWithoutJob(t, to);
    const transport = createTransport(smtp.url);
    await Promise.all([deliverMail(t.ctx, transport, id), deliverMail(t.ctx, transport, id)]);
    expect(receivedBy(smtp, to)).toHaveLength(1);
    expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it('leaves a message claimed by a running delivery alone, and sends it again once its claim has run out', async () => {
    const to = uniqueEmail('claimed');
    const id = await insertWithoutJob(t, to);
    // A delivery claimed it and its server stopped before marking it sent.
    await t.db
      .update(email_outbox)
      .set({ status: 'sending', attempts: 1, claimed_until: sql`now() + interval '5 minutes'` })
      .where(eq(email_outbox.id, id));
    await deliverMail(t.ctx, createTransport(smtp.url), id);
    expect(await sweepOutbox(t.ctx).then(() => outboxRow(t, id))).toMatchObject({ status: 'sending', attempts: 1 });
    expect(receivedBy(smtp, to)).toHaveLength(0);

    await t.db
      .update(email_outbox)
      .set({ claimed_until: sql`now() - interval '1 second'` })
      .where(eq(email_outbox.id, id));
    await sweepOutbox(t.ctx);
    await expect.poll(async () => (await outboxRow(t, id)).status, DELIVERY).toBe('sent');
    expect(receivedBy(smtp, to)).toHaveLength(1);
    expect((await outboxRow(t, id)).attempts).toBe(2);
  });

  it('writes a payment’s receipt and its delivery in the payment’s transaction', async () => {
    const { user, email } = await createSponsorUser(t);
    const sponsorship = await sponsorshipOf(t, user.id, 50_000);
    const input = {
      payerId: user.id,
      kind: 'sponsorship' as const,
      allocations: [{ sponsorship_id: sponsorship.id, amount_cents: 20_000 }],
      receivedAt: new Date('2026-03-02T15:00:00Z'),
      audit: {
        actorId: user.id,
        entity: 'sponsorship' as const,
        entityId: sponsorship.id,
        details: { method: 'check', received_on: '2026-03-02' },
      },
    };

    // Something later in the same transaction fails: no payment, no receipt, no job.
    await expect(
      recordOfflinePayment(t.ctx, {
        ...input,
        reference: 'Check 501',
        inTransaction: async () => {
          throw new Error('the audit row could not be written');
        },
      }),
    ).rejects.toThrow('the audit row could not be written');
    expect(await t.db.select().from(payments).where(eq(payments.user_id, user.id))).toEqual([]);
    expect(await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, email))).toEqual([]);

    // Seen from inside the transaction, the receipt and its job are there with the payment.
    let inside: { receipts: number; jobs: number } | undefined;
    const { paymentId } = await recordOfflinePayment(t.ctx, {
      ...input,
      reference: 'Check 502',
      inTransaction: async (tx) => {
        const receipts = await tx.select().from(email_outbox).where(eq(email_outbox.to_address, email));
        inside = { receipts: receipts.length, jobs: receipts[0] ? await deliveryJobs(tx, receipts[0].id) : 0 };
      },
    });
    expect(inside).toEqual({ receipts: 1, jobs: 1 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'succeeded', amount_cents: 20_000 });
    const [receipt] = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, email));
    expect(receipt?.template).toBe('payment-receipt');
    await expect.poll(async () => (await outboxRow(t, receipt?.id ?? 0)).status, DELIVERY).toBe('sent');
    expect(receivedBy(smtp, email)).toHaveLength(1);
  });
});

describe('mail while the SMTP server is down', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ workers: true, env: { SMTP_URL: smtp.url }, jobRetryDelaySeconds: 1 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('waits, records each failure, and is sent once when the server is back', async () => {
    const port = Number(new URL(smtp.url).port);
    const received = smtp.received;
    await smtp.close();

    const to = uniqueEmail('waiting');
    const id = await queueMail(t.ctx, t.db, note(to));
    // Tried, failed, and tried again: the failure is kept on the message between attempts.
    let failed: Awaited<ReturnType<typeof outboxRow>> | undefined;
    await expect
      .poll(async () => {
        const row = await outboxRow(t, id);
        if (row.attempts >= 2 && row.status === 'failed') failed = row;
        return failed !== undefined;
      }, DELIVERY)
      .toBe(true);
    if (!failed) throw new Error('the message never failed twice');
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    expect(failed.sent_at).toBeNull();

    smtp = await startSmtpReceiver({ port, received });
    await expect.poll(async () => (await outboxRow(t, id)).status, DELIVERY).toBe('sent');
    const sent = await outboxRow(t, id);
    expect(sent.attempts).toBeGreaterThan(failed.attempts);
    expect(sent.last_error).toBeNull();
    expect(received.filter((m) => m.to.includes(to))).toHaveLength(1);
    // Nothing else is sent for it afterwards, even by a sweep.
    await sweepOutbox(t.ctx);
    expect((await outboxRow(t, id)).attempts).toBe(sent.attempts);
    expect(received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });
});
