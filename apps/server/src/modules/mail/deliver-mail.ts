import { eq, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { AppContext } from '../../context.ts';
import { email_outbox } from '../../db/schema/index.ts';

export const MAIL_FROM = 'School Planner Savings <no-reply@schoolplannersavings.com>';

export type MailTransport = { sendMail(message: SendMailOptions): Promise<unknown> };

export function createTransport(smtpUrl: string | undefined): MailTransport | undefined {
  return smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
}

/**
 * The job that delivers one outbox message. With SMTP configured it sends it; without
 * (development and tests), the message is marked 'kept' and shown at /dev/mailbox.
 * A failure is recorded and rethrown so the queue retries it with backoff.
 */
export async function deliverMail(ctx: Pick<AppContext, 'db'>, transport: MailTransport | undefined, id: number) {
  const [mail] = await ctx.db.select().from(email_outbox).where(eq(email_outbox.id, id));
  if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
  if (!transport) {
    await ctx.db.update(email_outbox).set({ status: 'kept' }).where(eq(email_outbox.id, id));
    return;
  }
  try {
    await transport.sendMail({
      from: MAIL_FROM,
      to: mail.to_address,
      ...(mail.cc_address ? { cc: mail.cc_address } : {}),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    });
    await ctx.db
      .update(email_outbox)
      .set({ status: 'sent', sent_at: new Date(), attempts: sql`${email_outbox.attempts} + 1`, last_error: null })
      .where(eq(email_outbox.id, id));
  } catch (error) {
    await ctx.db
      .update(email_outbox)
      .set({
        status: 'failed',
        attempts: sql`${email_outbox.attempts} + 1`,
        last_error: String((error as Error).message).slice(0, 500),
      })
      .where(eq(email_outbox.id, id));
    throw error;
  }
}
