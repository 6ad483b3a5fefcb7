import { formatMoney } from '@portal/contracts/money';
import type { Executor } from '../../db/client.ts';
import { email_outbox } from '../../db/schema/index.ts';
import { renderMail } from '../mail/layout.ts';

export interface ReceiptDetails {
  to: string;
  amountCents: number;
  orderId: number;
  orderKey: string;
  /** The gateway's reference of the checkout, which its own records and the card statement's enquiry use. */
  gatewayRef: string;
  paidAt: Date;
}

/** The date as the school reads it, in the time of the provider's Tampa office. */
const receiptDate = (at: Date) =>
  at.toLocaleDateString('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'long', day: 'numeric' });

/** The school's receipt for a card payment of its order (D14), in HTML and text. */
export function renderOrderReceipt(publicUrl: string, r: ReceiptDetails) {
  return renderMail({
    subject: `Payment received for order #${r.orderId}`,
    paragraphs: [
      `Thank you: we have received your card payment of ${formatMoney(r.amountCents)} for order #${r.orderId}.`,
      `Order: #${r.orderId}`,
      `Amount paid: ${formatMoney(r.amountCents)}`,
      `Date: ${receiptDate(r.paidAt)}`,
      `Payment reference: ${r.gatewayRef}`,
      'Keep this e-mail as your receipt. We will let you know when your order is on its way.',
    ],
    action: { label: 'Manage your order', url: `${publicUrl}/school/order/${r.orderKey}` },
  });
}

/**
 * Writes the receipt to the outbox inside the confirming transaction, so that it exists
 * exactly when the payment counts; the delivery job is queued once that transaction commits.
 */
export async function insertOrderReceipt(tx: Executor, publicUrl: string, r: ReceiptDetails): Promise<number> {
  const mail = renderOrderReceipt(publicUrl, r);
  const [row] = await tx
    .insert(email_outbox)
    .values({ to_address: r.to, subject: mail.subject, html: mail.html, text: mail.text, template: 'payment-receipt' })
    .returning({ id: email_outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}
