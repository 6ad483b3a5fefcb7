import type { Executor } from '../../db/client.ts';
import { email_outbox } from '../../db/schema/index.ts';
import type { ReceiptMail } from './payment-kinds.ts';

/** The date as the payer reads it, in the time of the provider's Tampa office. */
const receiptDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
export const receiptDate = (at: Date) => receiptDay.format(at);

/**
 * Writes a receipt to the outbox inside the confirming transaction, so that it exists
 * exactly when the payment counts; its delivery is queued in the same transaction.
 */
export async function insertReceipt(tx: Executor, mail: ReceiptMail): Promise<number> {
  const [row] = await tx
    .insert(email_outbox)
    .values({
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      template: mail.template ?? 'payment-receipt',
      payment_id: mail.receiptOf ?? null,
    })
    .returning({ id: email_outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}
