import { PAY_LINK_TEXT } from '../../../components/pay-links/texts.ts';

/** Everything a sponsor reads on the sponsorship pay-link pages; the words all pay links share come from one place. */
export const TEXT = {
  ...PAY_LINK_TEXT,
  payTitle: 'Pay your sponsorship',
  sponsorshipOf: (id: number, year: number) => `Sponsorship #${id}, ${year}`,
  total: 'Total Amount',
  due: 'Amount Due',
  payNowAmount: 'To pay now',
  paidInFullText: (id: number) => `Sponsorship #${id} has been paid in full. Thank you! There is nothing left to pay.`,
  paidFullText: (amount: string) =>
    `Thank you! We have received your payment of ${amount}. Your sponsorship is now paid in full.`,
  factSponsorship: 'Sponsorship',
  factStatus: 'Status',
  factLeft: 'Left to pay',
} as const;
