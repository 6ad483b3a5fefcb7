import { formatMoney } from '@portal/contracts/money';
import { renderMail } from '../../mail/layout.ts';

/** The e-mail that carries a sponsorship's pay link (D14), every word of it. */
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
  const expires = d.expiresAt.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return renderMail({
    subject: `Payment link for sponsorship #${d.sponsorshipId}`,
    paragraphs: [
      d.company ? `Hello ${d.company},` : 'Hello,',
      `Here is a link to pay ${what} by card. You do not need to sign in.`,
      `The link can be used until ${expires}.`,
      'If you have already paid, please ignore this message.',
    ],
    action: { label: 'Pay now', url: d.url },
  });
}
