import { renderMail } from '../mail/layout.ts';

export function welcomeMail(publicUrl: string) {
  return renderMail({
    subject: 'Welcome to School Planner Savings',
    paragraphs: [
      'Thank you for registering your school.',
      'Next, fill in your school details so that we know where to deliver and whom to contact. Then browse the catalog and reserve planners and supplies for next school year.',
    ],
    action: { label: 'Fill in your school details', url: `${publicUrl}/school/details` },
  });
}

export function passwordResetMail(publicUrl: string, key: string) {
  return renderMail({
    subject: 'Reset your School Planner Savings password',
    paragraphs: [
      'We received a request to reset the password of your School Planner Savings account.',
      'The link below works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail: your password stays as it is.',
    ],
    action: { label: 'Set a new password', url: `${publicUrl}/set-password/${key}`, secret: true },
  });
}

/** "a***@example.com": enough for the owner to recognize, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export function loginEmailChangedMail(newEmail: string, supportEmail: string) {
  return renderMail({
    subject: 'Your School Planner Savings sign-in e-mail was changed',
    paragraphs: [
      `The e-mail address you sign in to School Planner Savings with was changed to ${maskEmail(newEmail)}. From now on, sign in with that address; this one no longer works.`,
      `If you did not make this change, write to us at ${supportEmail} at once so that we can secure your account.`,
    ],
  });
}

/** "May 3, 2026": the day of a change, as people in the provider's Florida read it. */
const longDay = (at: Date) =>
  at.toLocaleDateString('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * To the address an account had before someone else changed it, when a password reset is
 * asked for within 30 days: a changed address followed by a reset is how an account is
 * taken, and this is the owner's chance to stop it.
 */
export function passwordResetNoticeMail(change: { to: string; at: Date }, supportEmail: string) {
  return renderMail({
    subject: 'A password reset was requested for your School Planner Savings account',
    paragraphs: [
      `A password reset was requested for your School Planner Savings account, whose sign-in address was changed to ${maskEmail(change.to)} on ${longDay(change.at)}.`,
      `If this was not you, or you did not ask for the change of address, write to us at ${supportEmail} at once so that we can secure your account.`,
    ],
  });
}
