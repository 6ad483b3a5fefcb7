import { PAYMENT_RESULT_TEXT } from '../payment-result-texts.ts';

/** The words every pay-link page says, whatever the link pays (spec §2 public result pages, §8; D6). */
export const PAY_LINK_TEXT = {
  payIntro: 'Pay by card on our payment provider’s secure page. You do not need to sign in.',
  paid: 'Paid',
  payNow: 'Pay Now',
  validUntil: (date: string) => `This link can be used until ${date}.`,
  questions: 'Questions about this payment? Contact us:',

  notFoundTitle: 'Payment link not found',
  expiredTitle: 'Payment link expired',
  paidInFullTitle: 'Paid in full',

  checking: 'Checking your payment',
  paidTitle: 'Payment Received',
  paidLeftText: (amount: string, left: string) =>
    `Thank you! We have received your payment of ${amount}. ${left} is left to pay.`,
  ...PAYMENT_RESULT_TEXT,
  resultNotFoundTitle: 'Payment not found',
  resultNotFoundText: 'We have no record of this payment. Open the payment link from your e-mail again.',
  payAgainFromMail: 'To pay, open the payment link from your e-mail again.',
  home: 'Go to the home page',
  factAmount: 'This payment',
} as const;
