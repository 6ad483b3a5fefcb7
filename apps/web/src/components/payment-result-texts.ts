import { MSG } from '@portal/contracts/messages';

/** What every payment result page says of a payment that did not go through, whatever it paid. */
export const PAYMENT_RESULT_TEXT = {
  declinedTitle: MSG.paymentDeclined,
  declinedText: MSG.paymentDeclinedText,
  cancelledTitle: 'Payment cancelled',
  cancelledText: 'You left the payment page before paying. Nothing was charged.',
  pendingTitle: 'Payment not completed',
  pendingText: 'We have not received your payment yet. If you paid, it will show here shortly.',
} as const;
