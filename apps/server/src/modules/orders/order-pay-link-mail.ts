import { formatMoney } from '@portal/contracts/money';
import { payLinkMail } from '../pay-links/pay-link-mail.ts';

/** The e-mail that carries an order's pay link (D14): the words every pay link's e-mail has. */
export function orderPayLinkMail(d: {
  orderId: number;
  school: string;
  balanceCents: number;
  url: string;
  expiresAt: Date;
  /** A reminder's opening sentence. */
  lead?: string;
}) {
  return payLinkMail({
    subject: `Payment link for order #${d.orderId}`,
    name: d.school,
    what: `the balance of order #${d.orderId} (now ${formatMoney(d.balanceCents)})`,
    url: d.url,
    expiresAt: d.expiresAt,
    ...(d.lead ? { lead: d.lead } : {}),
  });
}
