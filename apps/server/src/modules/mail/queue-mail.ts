import type { AppContext } from '../../context.ts';
import { email_outbox } from '../../db/schema/index.ts';
import { QUEUES } from '../jobs/job-queue.ts';

export interface OutgoingMail {
  to: string;
  cc?: string;
  subject: string;
  html: string;
  text: string;
  /** Which message this is, e.g. 'welcome'. */
  template: string;
}

/** Keeps the message in the outbox and asks a background job to deliver it. */
export async function queueMail(ctx: Pick<AppContext, 'db' | 'jobs'>, mail: OutgoingMail): Promise<number> {
  const [row] = await ctx.db
    .insert(email_outbox)
    .values({
      to_address: mail.to,
      cc_address: mail.cc ?? '',
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      template: mail.template,
    })
    .returning({ id: email_outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  await ctx.jobs.send(QUEUES.mail, { id: row.id });
  return row.id;
}
