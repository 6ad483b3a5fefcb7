import type { Executor } from '../../db/client.ts';
import { email_outbox } from '../../db/schema/index.ts';
import type { OutgoingMail } from '../mail/queue-mail.ts';

/**
 * Writes a pay link's e-mail to the outbox in the caller's transaction, so that the link,
 * its e-mail and what records it (an audit row, a reminder) commit together. The caller
 * queues its delivery in the same transaction (queueDelivery). The mail must name its
 * secrets (payLinkMail does): the link is cut out of the outbox once it is sent.
 */
export async function queuePayLinkMail(tx: Executor, mail: OutgoingMail & { secrets: string[] }): Promise<number> {
  const [queued] = await tx
    .insert(email_outbox)
    .values({
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      template: mail.template,
      secrets: mail.secrets,
    })
    .returning({ id: email_outbox.id });
  if (!queued) throw new Error('outbox insert returned no row');
  return queued.id;
}
