import { BUSINESS_TIME_ZONE } from '@portal/contracts/business-time';
import { renderMail } from '../mail/layout.ts';

/** The long date a link can be used until, as the e-mail gives it. */
export const payLinkExpiry = (expiresAt: Date) =>
  expiresAt.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: BUSINESS_TIME_ZONE,
  });

/**
 * The e-mail that carries a pay link (D14), for any kind: whom it greets, what it pays, and
 * until when; a reminder opens with its own sentence.
 */
export function payLinkMail(d: {
  subject: string;
  /** The payer's name, or '' for a plain greeting. */
  name: string;
  /** "the balance of order #12 ($27.00)". */
  what: string;
  url: string;
  expiresAt: Date;
  /** A reminder's opening sentence (due soon, due today, overdue). */
  lead?: string;
}) {
  return renderMail({
    subject: d.subject,
    paragraphs: [
      d.name ? `Hello ${d.name},` : 'Hello,',
      ...(d.lead ? [d.lead] : []),
      `Here is a link to pay ${d.what} by card. You do not need to sign in.`,
      `The link can be used until ${payLinkExpiry(d.expiresAt)}.`,
      'If you have already paid, please ignore this message.',
    ],
    action: { label: 'Pay now', url: d.url, secret: true },
  });
}
