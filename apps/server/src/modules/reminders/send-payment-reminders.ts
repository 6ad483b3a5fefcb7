import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { payment_reminders } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { BACKGROUND_STEP } from '../../lib/steps.ts';
import { randomToken } from '../../lib/tokens.ts';
import { type MoneyOwedLine, moneyOwedLines } from '../admin/money-owed/list-money-owed.ts';
import { recordChange } from '../audit/record-change.ts';
import { queueDelivery } from '../mail/queue-mail.ts';
import { writeOrderPayLink } from '../orders/create-order-pay-link.ts';
import { payLinkUrl } from '../pay-links/pay-link-url.ts';
import { queuePayLinkMail } from '../pay-links/queue-pay-link-mail.ts';
import { writeSponsorshipPayLink } from '../sponsorships/create-sponsorship-pay-link.ts';
import { reminderMail } from './reminder-mail.ts';
import { type ReminderStep, reminderStepOn } from './reminder-steps.ts';

/** A fresh pay link for what the line owes, written in the reminder's transaction. */
async function linkFor(ctx: AppContext, tx: Executor, row: MoneyOwedLine, now: Date) {
  if (row.kind === 'order') {
    const link = await writeOrderPayLink(ctx, tx, { orderId: row.record_id, now });
    return { id: link.id, url: link.url, expiresAt: link.expiresAt };
  }
  const link = await writeSponsorshipPayLink(tx, { sponsorshipId: row.record_id, linkKey: randomToken(), now });
  return { id: link.id, url: payLinkUrl(ctx.config.publicUrl, 'sponsorship', link.linkKey), expiresAt: link.expiresAt };
}

/**
 * One reminder, once: its payment_reminders row is claimed (unique by kind, record, invoice and step)
 * in the transaction that writes its pay link and queues its e-mail. A second server doing
 * the same waits on the claim and, once the first commits, finds it taken and sends nothing.
 * Answers the outbox id, its delivery queued in the same transaction, or nothing when the step was already sent.
 */
async function remind(ctx: AppContext, row: MoneyOwedLine, step: ReminderStep, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(payment_reminders)
      .values({ kind: row.kind, record_id: row.record_id, invoice_id: row.invoice_id, step, due_date: row.due_date })
      .onConflictDoNothing()
      .returning({ id: payment_reminders.id });
    if (!claimed) return undefined;
    const link = await linkFor(ctx, tx, row, now);
    await tx.update(payment_reminders).set({ pay_link_id: link.id }).where(eq(payment_reminders.id, claimed.id));
    // Written by no one: the reminder job made the link, as staff's own are written by them.
    await recordChange(tx, {
      actorId: null,
      action: 'pay-link',
      entity: row.kind,
      entityId: row.record_id,
      after: {
        pay_link_id: link.id,
        to: row.email,
        expires_at: link.expiresAt,
        reminder: step,
        ...(row.invoice ? { invoice: row.invoice } : {}),
      },
    });
    const mail = reminderMail({
      step,
      record: row.invoice ? `invoice ${row.invoice} (order #${row.record_id})` : `${row.kind} #${row.record_id}`,
      name: row.name === row.email ? '' : row.name,
      balanceCents: row.balance,
      dueDate: row.due_date,
      url: link.url,
      expiresAt: link.expiresAt,
    });
    const mailId = await queuePayLinkMail(tx, { to: row.email, ...mail, template: `payment-reminder-${step}` });
    await queueDelivery(ctx.jobs, tx, mailId);
    return mailId;
  });
}

/** Of `lines`, those whose reached step has not been claimed yet: one query for a step of them. */
async function unclaimed(ctx: AppContext, lines: { row: MoneyOwedLine; step: ReminderStep }[]) {
  if (lines.length === 0) return [];
  const claimed = await ctx.db
    .select({
      kind: payment_reminders.kind,
      record_id: payment_reminders.record_id,
      invoice_id: payment_reminders.invoice_id,
      step: payment_reminders.step,
    })
    .from(payment_reminders)
    .where(
      and(
        inArray(payment_reminders.kind, [...new Set(lines.map((l) => l.row.kind))]),
        inArray(
          payment_reminders.record_id,
          lines.map((l) => l.row.record_id),
        ),
      ),
    );
  const key = (kind: string, recordId: number, invoiceId: number | null, step: string) =>
    `${kind}:${recordId}:${invoiceId ?? ''}:${step}`;
  const taken = new Set(claimed.map((c) => key(c.kind, c.record_id, c.invoice_id, c.step)));
  return lines.filter((l) => !taken.has(key(l.row.kind, l.row.record_id, l.row.invoice_id, l.step)));
}

/**
 * Sends the payment reminders due on `today` (injected, so that tests choose the day): for
 * each sponsorship and each order's invoice that is owed money (moneyOwedLines), the step its
 * own due date has reached, unless already sent: an invoice issued later for added tax has
 * its own reminders. A record that can no longer be paid (paid meanwhile) is skipped. The
 * lines are read as they stream, BACKGROUND_STEP at a time: the steps already sent are left
 * out by one query a step, and each reminder is its own transaction. Answers how many
 * reminders this call sent.
 */
export async function sendPaymentReminders(ctx: AppContext, today: Date): Promise<number> {
  const day = isoDay(today);
  let sent = 0;
  let step: { row: MoneyOwedLine; step: ReminderStep }[] = [];
  const sendStep = async () => {
    for (const { row, step: reached } of await unclaimed(ctx, step)) {
      let mailId: number | undefined;
      try {
        mailId = await remind(ctx, row, reached, today);
      } catch (error) {
        // Paid or changed since it was listed: nothing to remind of (the claim rolled back with it).
        if (error instanceof AppError) continue;
        throw error;
      }
      if (mailId !== undefined) sent += 1;
    }
    step = [];
  };
  for await (const row of moneyOwedLines(ctx.db, { today })) {
    const reached = reminderStepOn(row.due_date, day);
    if (!reached) continue;
    step.push({ row, step: reached });
    if (step.length >= BACKGROUND_STEP) await sendStep();
  }
  await sendStep();
  return sent;
}
