import { STAFF_ROLE_LABELS, type StaffRole } from '@portal/contracts/admin';
import { BACK_OFFICE_PATH } from '@portal/contracts/routes';
import { renderMail } from '../../mail/layout.ts';

/** The invitation an administrator sends a new staff member: a link to choose a password. */
export function staffInvitationMail(publicUrl: string, key: string, role: StaffRole) {
  return renderMail({
    subject: 'Your School Planner Savings back office account',
    paragraphs: [
      `We have opened a back office account for you on School Planner Savings, as ${STAFF_ROLE_LABELS[role].toLowerCase()}.`,
      `Choose your password with the link below; then sign in to the back office at ${publicUrl}${BACK_OFFICE_PATH}/login with this e-mail address. The link works once and expires in 7 days. If it has expired, ask an administrator to send a new one.`,
    ],
    action: { label: 'Set your password', url: `${publicUrl}/set-password/${key}`, secret: true },
  });
}
