import { formatMoney } from '@portal/contracts/money';
import { payLinkMail } from '../../pay-links/pay-link-mail.ts';

/** The e-mail that carries a sponsorship's pay link (D14): the words every pay link's e-mail has. */
export function sponsorshipPayLinkMail(d: {
  sponsorshipId: number;
  company: string;
  /** A set amount; null pays what is left when it is used. */
  amountCents: number | null;
  leftCents: number;
  url: string;
  expiresAt: Date;
}) {
  const what =
    d.amountCents === null
      ? `the balance of sponsorship #${d.sponsorshipId} (now ${formatMoney(d.leftCents)})`
      : `${formatMoney(d.amountCents)} towards sponsorship #${d.sponsorshipId}`;
  return payLinkMail({
    subject: `Payment link for sponsorship #${d.sponsorshipId}`,
    name: d.company,
    what,
    url: d.url,
    expiresAt: d.expiresAt,
  });
}
