import { PAY_LINK_TEXT } from '../../../components/pay-links/texts.ts';

/** Everything a school reads on the order pay-link pages; the words all pay links share come from one place. */
export const TEXT = {
  ...PAY_LINK_TEXT,
  payTitle: 'Pay your order',
  orderOf: (id: number, year: string) => `Order #${id}${year ? `, school year ${year}` : ''}`,
  invoice: (label: string) => `Invoice ${label}`,
  total: 'Order total',
  due: 'Balance due',
  pricesTitle: 'What the order includes',
  item: 'Item',
  qty: 'Qty',
  amount: 'Amount',
  taxRow: 'Sales tax',
  totalRow: 'Total',
  paidInFullText: (id: number) => `Order #${id} has been paid in full. Thank you! There is nothing left to pay.`,
  paidFullText: (amount: string) =>
    `Thank you! We have received your payment of ${amount}. Your order is now paid in full.`,
  factOrder: 'Order',
  factStatus: 'Payment status',
  factLeft: 'Balance due',
} as const;

export const PAYMENT_STATUS_WORDS = { unpaid: 'Unpaid', paid: 'Paid', refunded: 'Refunded' } as const;
