import type { Executor } from '../../db/client.ts';
import { email_outbox } from '../../db/schema/index.ts';

/**
 * Writes a pay link's e-mail to the outbox in the caller's transaction, so that the link,
 * its e-mail and what records it (an audit row, a reminder) commit together. The caller
 * queues its delivery in the same transaction (queueDelivery).
 */
export async function queuePayLinkMail(
  tx: Executor,
  mail: { to: string; subject: string; html: string; text: string; template: string },
): Promise<number> {
  const [queued] = await tx
    .insert(email_outbox)
    .values({ to_address: mail.to, subject: mail.subject, html: mail.html, text: mail.text, template: mail.template })
    .returning({ id: email_outbox.id });
  if (!queued) throw new Error('outbox insert returned no row');
  return queued.id;
}
