import { formatMoney } from '@portal/contracts/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_log, email_outbox, invoices, payment_reminders, sponsorships } from '../../src/db/schema/index.ts';
import { BACKGROUND_STEP } from '../../src/lib/steps.ts';
import { reminderStepOn } from '../../src/modules/reminders/reminder-steps.ts';
import { sendPaymentReminders } from '../../src/modules/reminders/send-payment-reminders.ts';
import { createSponsorUser } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { invoiceOrder, linkKeyIn } from '../helpers/order-pay-links.ts';
import { INVOICED_NOW, schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
beforeAll(() => {
  t = clocked.app();
});

const DAY = 86_400_000;
const at = (iso: string) => new Date(`${iso}T07:00:00Z`);
const plus = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The reminders queued for an address, oldest first. */
const remindersTo = async (address: string) =>
  (
    await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, address)).orderBy(asc(email_outbox.id))
  ).filter((m) => m.template.startsWith('payment-reminder-'));

const claimsOf = (kind: 'order' | 'sponsorship', id: number) =>
  t.db
    .select()
    .from(payment_reminders)
    .where(and(eq(payment_reminders.kind, kind), eq(payment_reminders.record_id, id)))
    .orderBy(asc(payment_reminders.id));

/** An approved sponsorship of a new sponsor's, owing `cents`, due on `due` (YYYY-MM-DD). */
async function sponsorshipDue(due: string, cents = 12_345) {
  const sponsor = await createSponsorUser(t, { business_name: 'Gulf Coast Realty' });
  const s = await sponsorshipOf(t, sponsor.user.id, cents);
  await t.db
    .update(sponsorships)
    .set({ created_at: new Date(Date.parse(`${due}T12:00:00Z`) - 30 * DAY) })
    .where(eq(sponsorships.id, s.id));
  return { sponsor, s };
}

describe('reminderStepOn', () => {
  it('reaches each step on its day: 7 days before, on, and 14 days after the due date', () => {
    const due = '2027-05-20';
    expect(reminderStepOn(due, '2027-05-12')).toBeUndefined();
    expect(reminderStepOn(due, '2027-05-13')).toBe('before');
    expect(reminderStepOn(due, '2027-05-19')).toBe('before');
    expect(reminderStepOn(due, '2027-05-20')).toBe('due');
    expect(reminderStepOn(due, '2027-06-02')).toBe('due');
    expect(reminderStepOn(due, '2027-06-03')).toBe('after');
    expect(reminderStepOn(due, '2027-12-31')).toBe('after');
  });
});

describe('sendPaymentReminders', () => {
  it('mails a sponsor on the right days only, each step once, with a pay link that works', async () => {
    const due = '2027-05-20';
    const { sponsor, s } = await sponsorshipDue(due);
    const days = [-10, -8, -7, -6, -1, 0, 0, 1, 13, 14, 15, 40];
    const sentOn: Record<string, string[]> = {};
    for (const offset of days) {
      const day = plus(due, offset);
      await sendPaymentReminders(t.ctx, at(day));
      sentOn[day] = (await remindersTo(sponsor.email)).map((m) => m.template);
    }
    expect(sentOn[plus(due, -8)]).toEqual([]);
    expect(sentOn[plus(due, -7)]).toEqual(['payment-reminder-before']);
    expect(sentOn[plus(due, -1)]).toEqual(['payment-reminder-before']);
    expect(sentOn[due]).toEqual(['payment-reminder-before', 'payment-reminder-due']);
    expect(sentOn[plus(due, 13)]).toEqual(['payment-reminder-before', 'payment-reminder-due']);
    expect(sentOn[plus(due, 14)]).toEqual([
      'payment-reminder-before',
      'payment-reminder-due',
      'payment-reminder-after',
    ]);
    expect(sentOn[plus(due, 40)]).toHaveLength(3);
    expect((await claimsOf('sponsorship', s.id)).map((c) => [c.step, c.due_date])).toEqual([
      ['before', due],
      ['due', due],
      ['after', due],
    ]);
    // Each link the job made is in the sponsorship's history, written by no one in particular.
    const made = await t.db
      .select({ actor: audit_log.actor_user_id, changes: audit_log.changes })
      .from(audit_log)
      .where(
        and(
          eq(audit_log.entity, 'sponsorship'),
          eq(audit_log.entity_id, String(s.id)),
          eq(audit_log.action, 'pay-link'),
        ),
      )
      .orderBy(asc(audit_log.id));
    expect(made.map((m) => [m.actor, (m.changes.after as { reminder?: string } | null)?.reminder])).toEqual([
      [null, 'before'],
      [null, 'due'],
      [null, 'after'],
    ]);

    const mails = await remindersTo(sponsor.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Payment reminder: sponsorship #${s.id}`,
      `Payment reminder: sponsorship #${s.id}`,
      `Payment reminder: sponsorship #${s.id}`,
    ]);
    expect(mails[0]?.text).toContain(
      `This is a reminder that $123.45 for sponsorship #${s.id} is due on May 20, 2027.`,
    );
    expect(mails[1]?.text).toContain(`This is a reminder that $123.45 for sponsorship #${s.id} is due today.`);
    expect(mails[2]?.text).toContain(
      `Our records show that $123.45 for sponsorship #${s.id} was due on May 20, 2027 and has not been paid yet.`,
    );
    expect(mails[0]?.text).toContain('Hello Gulf Coast Realty,');
    // The link it carries pays the sponsorship.
    clocked.setToday(at(plus(due, 40)));
    const key = linkKeyIn(mails[2]?.text ?? '', 'sponsorship-pay');
    const link = await t.api.get(`/api/sponsorshippaylink?link_key=${key}`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({ sponsorship_id: s.id, amount: 12_345 });
  });

  it('sends one mail per step when two servers run the job at the same moment', async () => {
    const due = '2027-08-10';
    const { sponsor, s } = await sponsorshipDue(due, 50_000);
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    // Issued 30 days before: due the same day.
    await invoiceOrder(t, order.id, 900_000 + order.id, plus(due, -30));
    for (const offset of [-7, 0, 14]) {
      const day = at(plus(due, offset));
      await Promise.all([
        sendPaymentReminders(t.ctx, day),
        sendPaymentReminders(t.ctx, day),
        sendPaymentReminders(t.ctx, day),
      ]);
    }
    expect((await remindersTo(sponsor.email)).map((m) => m.template)).toEqual([
      'payment-reminder-before',
      'payment-reminder-due',
      'payment-reminder-after',
    ]);
    const schoolMails = await remindersTo(school.email);
    expect(schoolMails.map((m) => m.template)).toEqual([
      'payment-reminder-before',
      'payment-reminder-due',
      'payment-reminder-after',
    ]);
    expect(schoolMails[1]?.subject).toMatch(
      new RegExp(`^Payment reminder: invoice INV-\\d+ \\(order #${order.id}\\)$`),
    );
    expect(await claimsOf('sponsorship', s.id)).toHaveLength(3);
    expect(await claimsOf('order', order.id)).toHaveLength(3);
    // The order's link pays its balance.
    clocked.setToday(at(plus(due, 14)));
    const key = linkKeyIn(schoolMails[2]?.text ?? '');
    const link = await t.api.get(`/api/orderpaylink?link_key=${key}`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({ amount: order.total_cents, paid_in_full: false });
  });

  it('reminds of each invoice of an order on its own schedule, keyed by the invoice', async () => {
    const firstDue = '2027-09-01';
    const secondDue = plus(firstDue, 40);
    const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
    const order = await storedOrder(t, school.orderKey);
    await invoiceOrder(t, order.id, 910_000 + order.id, plus(firstDue, -30));
    // The tax added later, invoiced 30 days before its own due date.
    const [second] = await t.db
      .insert(invoices)
      .values({
        order_id: order.id,
        kind: 'invoice',
        number: 920_000 + order.id,
        issue_date: plus(secondDue, -30),
        due_date: secondDue,
        total_cents: 12_00,
      })
      .returning();
    for (const day of [plus(firstDue, -7), firstDue, plus(firstDue, 14), plus(secondDue, -7), secondDue]) {
      await sendPaymentReminders(t.ctx, at(day));
    }
    const mails = await remindersTo(school.email);
    expect(mails.map((m) => [m.template, /INV-\d+/.exec(m.subject)?.[0]])).toEqual([
      ['payment-reminder-before', `INV-${910_000 + order.id}`],
      ['payment-reminder-due', `INV-${910_000 + order.id}`],
      ['payment-reminder-after', `INV-${910_000 + order.id}`],
      ['payment-reminder-before', `INV-${920_000 + order.id}`],
      ['payment-reminder-due', `INV-${920_000 + order.id}`],
    ]);
    expect(mails[3]?.text).toContain(`This is a reminder that $12.00 for invoice INV-${920_000 + order.id}`);
    expect(mails[0]?.text).toContain(`This is a reminder that ${formatMoney(order.total_cents)} for invoice`);
    const claims = await claimsOf('order', order.id);
    expect(claims.map((c) => [c.invoice_id === second?.id ? 'second' : 'first', c.step, c.due_date])).toEqual([
      ['first', 'before', firstDue],
      ['first', 'due', firstDue],
      ['first', 'after', firstDue],
      ['second', 'before', secondDue],
      ['second', 'due', secondDue],
    ]);
  });

  it('reminds nobody of what has been paid', async () => {
    const due = '2027-10-01';
    const { sponsor, s } = await sponsorshipDue(due);
    await t.db.execute(`update sponsorships set paid_cents = total_cents, status = 'Completed' where id = ${s.id}`);
    await sendPaymentReminders(t.ctx, at(due));
    expect(await remindersTo(sponsor.email)).toEqual([]);
    expect(await claimsOf('sponsorship', s.id)).toEqual([]);
  });

  it('sends each of more reminders than one step holds once, leaving out those already sent', async () => {
    const due = '2031-03-10';
    const count = 2 * BACKGROUND_STEP + 1;
    const sponsor = await createSponsorUser(t, { business_name: 'Many Ads Realty' });
    const { rows } = await t.db.execute<{ id: number }>(sql`
      insert into sponsorships (sponsor_user_id, status, total_qty, total_cents, paid_cents, year, created_at, updated_at)
      select ${sponsor.user.id}, 'Approved', 1, 100 * g, 0, 2030, ${new Date(Date.parse(`${due}T12:00:00Z`) - 30 * DAY).toISOString()}::timestamptz, now()
        from generate_series(1, ${count}) g
      returning id`);
    const ids = rows.map((r) => r.id);
    // One of them, in the middle of the walk, was reminded already today.
    const [early] = ids.slice(BACKGROUND_STEP, BACKGROUND_STEP + 1);
    await t.db
      .insert(payment_reminders)
      .values({ kind: 'sponsorship', record_id: early as number, step: 'due', due_date: due });

    await sendPaymentReminders(t.ctx, at(due));
    const claims = await t.db
      .select({ id: payment_reminders.record_id, step: payment_reminders.step })
      .from(payment_reminders)
      .where(and(eq(payment_reminders.kind, 'sponsorship'), inArray(payment_reminders.record_id, ids)));
    expect(claims).toHaveLength(count);
    expect(new Set(claims.map((c) => c.id)).size).toBe(count);
    expect(claims.every((c) => c.step === 'due')).toBe(true);
    expect(await remindersTo(sponsor.email)).toHaveLength(count - 1);

    // The next run that day sends none of them again.
    await sendPaymentReminders(t.ctx, at(due));
    expect(await remindersTo(sponsor.email)).toHaveLength(count - 1);
  });
});
