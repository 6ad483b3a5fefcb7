import { formatMoney } from '@portal/contracts/money';
import { longDate } from '../../lib/dates.ts';
import { payLinkMail } from '../pay-links/pay-link-mail.ts';
import type { ReminderStep } from './reminder-steps.ts';

/** The reminder's e-mail (D14): what is due, when, and the pay link's usual words. */
export function reminderMail(d: {
  step: ReminderStep;
  /** "order #12" or "sponsorship #7". */
  record: string;
  name: string;
  balanceCents: number;
  dueDate: string;
  url: string;
  expiresAt: Date;
}) {
  const amount = formatMoney(d.balanceCents);
  const lead =
    d.step === 'before'
      ? `This is a reminder that ${amount} for ${d.record} is due on ${longDate(d.dueDate)}.`
      : d.step === 'due'
        ? `This is a reminder that ${amount} for ${d.record} is due today.`
        : `Our records show that ${amount} for ${d.record} was due on ${longDate(d.dueDate)} and has not been paid yet.`;
  return payLinkMail({
    subject: `Payment reminder: ${d.record}`,
    name: d.name,
    lead,
    what: `the balance of ${d.record} (now ${amount})`,
    url: d.url,
    expiresAt: d.expiresAt,
  });
}
