import { renderMail } from '../../mail/layout.ts';

/** How long an invitation's set-password link works: longer than a reset link's hour. */
export const INVITE_KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The invitation staff send a sponsor they created: a link to choose a password. */
export function sponsorInvitationMail(publicUrl: string, key: string, business: string) {
  return renderMail({
    subject: 'Your School Planner Savings sponsor account',
    paragraphs: [
      `We have opened a sponsor account for ${business} on School Planner Savings.`,
      'Choose your password with the link below; then sign in as a sponsor with this e-mail address. The link works once and expires in 7 days. If it has expired, ask your sales representative to send a new one.',
    ],
    action: { label: 'Set your password', url: `${publicUrl}/set-password/${key}`, secret: true },
  });
}

/** Told to the sponsor when staff reply to its enquiry. */
export function enquiryReplyMail(link: string, enqId: number, product: string, author: string) {
  return renderMail({
    subject: `Your sales representative replied to enquiry #${enqId}`,
    paragraphs: [
      `${author} replied to your enquiry #${enqId} about ${product}.`,
      'Read the reply on your enquiry page.',
    ],
    action: { label: 'View the enquiry', url: link },
  });
}
