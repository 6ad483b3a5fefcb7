import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { email_outbox } from '../../db/schema/index.ts';
import { jobsIn, QUEUES } from '../jobs/job-queue.ts';

export interface OutgoingMail {
  to: string;
  cc?: string;
  subject: string;
  html: string;
  text: string;
  /** Which message this is, e.g. 'welcome'. */
  template: string;
  /** The secrets it carries (renderMail's `secrets`), cut out of the stored parts once it is sent. */
  secrets?: string[];
  /** An issued invoice or credit note sent with it as a PDF (drawn when it is sent). */
  invoiceId?: number;
}

/**
 * Queues the delivery of an outbox message in `db`'s transaction, so that the job exists
 * exactly when the message does. Keyed by the message: while one delivery of it is queued
 * or running, another is not added (the sweep may ask again at any time).
 */
export async function queueDelivery(jobs: AppContext['jobs'], db: Executor, id: number): Promise<void> {
  await jobs.send(QUEUES.mail, { id }, { singletonKey: String(id), db: jobsIn(db) });
}

/**
 * Keeps the message in the outbox and queues its delivery, both in `db`: the transaction of
 * the change that causes the mail, so that the mail exists exactly when the change commits
 * (decision 022), or the database, where the two are written in a transaction of their own.
 */
export async function queueMail(ctx: Pick<AppContext, 'jobs'>, db: Executor, mail: OutgoingMail): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(email_outbox)
      .values({
        to_address: mail.to,
        cc_address: mail.cc ?? '',
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        template: mail.template,
        secrets: mail.secrets ?? [],
        invoice_id: mail.invoiceId ?? null,
      })
      .returning({ id: email_outbox.id });
    if (!row) throw new Error('outbox insert returned no row');
    await queueDelivery(ctx.jobs, tx, row.id);
    return row.id;
  });
}
