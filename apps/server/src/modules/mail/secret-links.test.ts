import { describe, expect, it } from 'vitest';
import { sponsorInvitationMail } from '../admin/sponsors/sponsor-mails.ts';
import { sponsorshipPayLinkMail } from '../admin/sponsorships/pay-link-mail.ts';
import { staffInvitationMail } from '../admin/staff/staff-mails.ts';
import { passwordResetMail, welcomeMail } from '../auth/auth-mails.ts';
import { orderPayLinkMail } from '../orders/order-pay-link-mail.ts';
import { reminderMail } from '../reminders/reminder-mail.ts';
import type { RenderedMail } from './layout.ts';
import { removeSentSecrets } from './remove-sent-secrets.ts';

const KEY = 'Zq3_k-9secretKeyOfFortyThreeCharactersAbCdEf';
const BASE = 'https://portal.example.com';
const expiresAt = new Date('2026-10-01T12:00:00Z');

/** Every message whose link opens something without signing in, with that link. */
const CARRYING: [string, RenderedMail, string][] = [
  ['password reset', passwordResetMail(BASE, KEY), `${BASE}/set-password/${KEY}`],
  ['sponsor invitation', sponsorInvitationMail(BASE, KEY, 'Harbor Bakery'), `${BASE}/set-password/${KEY}`],
  ['staff invitation', staffInvitationMail(BASE, KEY, 'rep'), `${BASE}/set-password/${KEY}`],
  [
    'sponsorship pay link',
    sponsorshipPayLinkMail({
      sponsorshipId: 7,
      company: 'Harbor Bakery',
      amountCents: null,
      leftCents: 10_000,
      url: `${BASE}/sponsorship-pay/${KEY}`,
      expiresAt,
    }),
    `${BASE}/sponsorship-pay/${KEY}`,
  ],
  [
    'order pay link',
    orderPayLinkMail({
      orderId: 12,
      school: 'Lincoln Elementary',
      balanceCents: 2_700,
      url: `${BASE}/order-pay/${KEY}`,
      expiresAt,
    }),
    `${BASE}/order-pay/${KEY}`,
  ],
  [
    'payment reminder',
    reminderMail({
      step: 'due',
      record: 'order #12',
      name: '',
      balanceCents: 2_700,
      dueDate: '2026-09-15',
      url: `${BASE}/order-pay/${KEY}`,
      expiresAt,
    }),
    `${BASE}/order-pay/${KEY}`,
  ],
];

describe('messages that carry a secret link', () => {
  it.each(CARRYING)('the %s declares its link, and keeps no trace of the key once sent', (_, mail, url) => {
    expect(mail.secrets).toEqual([url]);
    expect(mail.text).toContain(url);
    const kept = removeSentSecrets(mail);
    expect(kept.text).not.toContain(KEY);
    expect(kept.html).not.toContain(KEY);
  });

  it('a message whose link needs signing in declares none', () => {
    expect(welcomeMail(BASE).secrets).toEqual([]);
  });
});
