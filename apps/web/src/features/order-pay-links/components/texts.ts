import { MSG } from '@portal/contracts/messages';
import { TEXT as PAY_LINK_TEXT } from '../../sponsorship-pay-links/components/texts.ts';

/** Everything a school reads on the order pay-link pages; the words all pay links share come from one place. */
export const TEXT = {
  payTitle: 'Pay your order',
  payIntro: PAY_LINK_TEXT.payIntro,
  orderOf: (id: number, year: string) => `Order #${id}${year ? `, school year ${year}` : ''}`,
  invoice: (label: string) => `Invoice ${label}`,
  total: 'Order total',
  paid: 'Paid',
  due: 'Balance due',
  payNow: PAY_LINK_TEXT.payNow,
  validUntil: PAY_LINK_TEXT.validUntil,
  pricesTitle: 'What the order includes',
  item: 'Item',
  qty: 'Qty',
  amount: 'Amount',
  taxRow: 'Sales tax',
  totalRow: 'Total',
  notFoundTitle: PAY_LINK_TEXT.notFoundTitle,
  expiredTitle: PAY_LINK_TEXT.expiredTitle,
  paidInFullTitle: PAY_LINK_TEXT.paidInFullTitle,
  paidInFullText: (id: number) => `Order #${id} has been paid in full. Thank you! There is nothing left to pay.`,

  checking: PAY_LINK_TEXT.checking,
  paidTitle: PAY_LINK_TEXT.paidTitle,
  paidFullText: (amount: string) =>
    `Thank you! We have received your payment of ${amount}. Your order is now paid in full.`,
  paidLeftText: PAY_LINK_TEXT.paidLeftText,
  declinedTitle: MSG.paymentDeclined,
  declinedText: MSG.paymentDeclinedText,
  cancelledTitle: PAY_LINK_TEXT.cancelledTitle,
  cancelledText: PAY_LINK_TEXT.cancelledText,
  pendingTitle: PAY_LINK_TEXT.pendingTitle,
  pendingText: PAY_LINK_TEXT.pendingText,
  resultNotFoundTitle: PAY_LINK_TEXT.resultNotFoundTitle,
  resultNotFoundText: PAY_LINK_TEXT.resultNotFoundText,
  home: PAY_LINK_TEXT.home,
  factOrder: 'Order',
  factAmount: PAY_LINK_TEXT.factAmount,
  factStatus: 'Payment status',
  factLeft: 'Balance due',
} as const;

export const PAYMENT_STATUS_WORDS = { unpaid: 'Unpaid', paid: 'Paid', refunded: 'Refunded' } as const;
