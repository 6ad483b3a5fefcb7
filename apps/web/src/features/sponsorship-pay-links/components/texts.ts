import { MSG } from '@portal/contracts/messages';

/** Everything a payer reads on the pay-link pages (spec §2 public result pages, §8; D6). */
export const TEXT = {
  payTitle: 'Pay your sponsorship',
  payIntro: 'Pay by card on our payment provider’s secure page. You do not need to sign in.',
  sponsorshipOf: (id: number, year: number) => `Sponsorship #${id}, ${year}`,
  company: 'Sponsor',
  total: 'Total Amount',
  paid: 'Paid',
  due: 'Amount Due',
  payNowAmount: 'To pay now',
  payNow: 'Pay Now',
  validUntil: (date: string) => `This link can be used until ${date}.`,
  loading: 'Loading your sponsorship',
  questions: 'Questions about this payment? Contact us:',

  notFoundTitle: 'Payment link not found',
  expiredTitle: 'Payment link expired',
  paidInFullTitle: 'Paid in full',
  paidInFullText: (id: number) => `Sponsorship #${id} has been paid in full. Thank you! There is nothing left to pay.`,

  checking: 'Checking your payment',
  paidTitle: 'Payment Received',
  paidLeftText: (amount: string, left: string) =>
    `Thank you! We have received your payment of ${amount}. ${left} is left to pay.`,
  paidFullText: (amount: string) =>
    `Thank you! We have received your payment of ${amount}. Your sponsorship is now paid in full.`,
  declinedTitle: MSG.paymentDeclined,
  declinedText: MSG.paymentDeclinedText,
  cancelledTitle: 'Payment cancelled',
  cancelledText: 'You left the payment page before paying. Nothing was charged.',
  pendingTitle: 'Payment not completed',
  pendingText: 'We have not received your payment yet. If you paid, it will show here shortly.',
  resultNotFoundTitle: 'Payment not found',
  resultNotFoundText: 'We have no record of this payment. Open the payment link from your e-mail again.',
  home: 'Go to the home page',
  factSponsorship: 'Sponsorship',
  factAmount: 'This payment',
  factStatus: 'Status',
  factLeft: 'Left to pay',
} as const;
