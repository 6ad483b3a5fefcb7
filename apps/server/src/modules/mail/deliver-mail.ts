import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { AppContext } from '../../context.ts';
import { email_outbox } from '../../db/schema/index.ts';
import { TransientJobError } from '../jobs/job-queue.ts';
import { removeSentSecrets } from './remove-sent-secrets.ts';
import { MAIL_MAX_ATTEMPTS } from './sweep-outbox.ts';

export const MAIL_FROM = 'School Planner Savings <no-reply@schoolplannersavings.com>';

/**
 * How long a delivery holds the message it claimed. A send takes seconds (the transport's
 * timeouts below end it well within this); a claim still held past it belongs to a server that
 * stopped mid-send, and the message is sent again (decision 022).
 */
export const MAIL_LEASE_MINUTES = 10;

export type MailTransport = { sendMail(message: SendMailOptions): Promise<unknown> };

/** A file a message carries, made when it is sent. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Draws the files an outbox message carries (an issued invoice's PDF), given by whoever runs the deliveries. */
export type MailAttachments = (mail: typeof email_outbox.$inferSelect) => Promise<MailAttachment[]>;

export function createTransport(smtpUrl: string | undefined): MailTransport | undefined {
  return smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : undefined;
}

/** A message no delivery holds: waiting, failed, or claimed by one whose lease has run out. */
export const claimable = () =>
  or(
    inArray(email_outbox.status, ['queued', 'failed']),
    and(eq(email_outbox.status, 'sending'), lt(email_outbox.claimed_until, sql`now()`)),
  );

/**
 * The job that delivers one outbox message. It first claims the message, in one statement
 * that only one delivery at a time can win, so that two deliveries of one message send it
 * once; the other finds it claimed or sent and does nothing. With SMTP configured it sends it;
 * without (development and tests), the message is marked 'kept' and shown at /dev/mailbox,
 * whole, since that is the only way to read it there. A message sent keeps none of the secrets
 * its template declared. A failure is recorded and rethrown so the queue retries it with backoff;
 * the sweep tries a message again until its last attempt, whose failure is an error for staff to look at.
 */
export async function deliverMail(
  ctx: Pick<AppContext, 'db'>,
  transport: MailTransport | undefined,
  id: number,
  attachments?: MailAttachments,
) {
  if (!transport) {
    await ctx.db
      .update(email_outbox)
      .set({ status: 'kept', claimed_until: null })
      .where(and(eq(email_outbox.id, id), claimable()));
    return;
  }
  const [mail] = await ctx.db
    .update(email_outbox)
    .set({
      status: 'sending',
      claimed_until: sql`now() + make_interval(mins => ${MAIL_LEASE_MINUTES})`,
      attempts: sql`${email_outbox.attempts} + 1`,
    })
    .where(and(eq(email_outbox.id, id), claimable()))
    .returning();
  if (!mail) return;
  try {
    const files = attachments ? await attachments(mail) : [];
    await transport.sendMail({
      from: MAIL_FROM,
      to: mail.to_address,
      ...(mail.cc_address ? { cc: mail.cc_address } : {}),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(files.length ? { attachments: files } : {}),
    });
  } catch (error) {
    const reason = String((error as Error).message);
    await ctx.db
      .update(email_outbox)
      .set({ status: 'failed', claimed_until: null, last_error: reason.slice(0, 500) })
      .where(eq(email_outbox.id, id));
    // The message waits in the outbox and is tried again: a warning, until it is given up.
    if (mail.attempts >= MAIL_MAX_ATTEMPTS) throw error;
    throw new TransientJobError(`message ${id} not sent yet: ${reason}`, { cause: error });
  }
  // Sent: the outbox keeps the record, not the secret links it carried (decision 029).
  await ctx.db
    .update(email_outbox)
    .set({
      status: 'sent',
      sent_at: new Date(),
      claimed_until: null,
      last_error: null,
      ...(mail.secrets.length ? { ...removeSentSecrets(mail), secrets: [] } : {}),
    })
    .where(eq(email_outbox.id, id));
}
