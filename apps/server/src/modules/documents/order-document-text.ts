/** The language of the words below, kept with each document issued (invoices.language). */
export const DOCUMENT_LANGUAGE = 'en';

/**
 * Every word a school reads on its order's invoice or quote, kept apart from the drawing
 * so that the documents can be written in another language without touching the layout.
 */
export const DOCUMENT_TEXT = {
  title: { invoice: 'Invoice', quote: 'Quote', 'credit-note': 'Credit note' },
  differenceTitle: 'Invoice (difference)',
  creditNoteNumber: 'Credit note number',
  adjusts: 'Adjusts invoice',
  purchaseOrder: 'PO number',
  differenceIntro: (orderId: number, first: string) =>
    `This invoice is for what order #${orderId} has increased by since it was invoiced (invoice ${first} and any adjustments after it).`,
  creditIntro: (orderId: number, first: string) =>
    `This credit note is for what order #${orderId} has decreased by since it was invoiced (invoice ${first} and any adjustments after it).`,
  changeColumns: ['Item', 'Qty change', 'Unit price', 'Change'],
  subtotalChange: 'Subtotal change',
  taxChange: 'Tax change',
  totalDifference: 'Total difference',
  totalCredited: 'Total credited',
  creditLine: (amount: string) => `${amount} is credited to your account: it is taken off what you owe on this order.`,
  info: (title: string, number: string | undefined, orderId: number) =>
    `${title}${number ? ` ${number}` : ''}: order #${orderId}`,
  invoiceNumber: 'Invoice number',
  order: 'Order',
  issueDate: 'Issue date',
  quoteDate: 'Date',
  dueDate: 'Due date',
  validUntil: 'Valid until',
  billTo: 'BILL TO',
  preparedFor: 'PREPARED FOR',
  orderDetails: 'ORDER DETAILS',
  priceColumns: ['Item', 'Qty', 'Unit price', 'Amount'],
  toBeAnnounced: 'TBA',
  subtotal: 'Subtotal',
  tax: 'Tax',
  taxExempt: 'Exempt',
  taxToBeAdded: 'To be added',
  total: 'Total',
  amountPaid: 'Amount paid',
  balanceDue: 'Balance due',
  paymentsReceived: 'PAYMENTS RECEIVED',
  paymentColumns: ['Date', 'Reference', 'Amount'],
  paymentLine: (method: string, status: string) => `Payment: ${method}. Status: ${status}.`,
  noMethodYet: 'Not chosen yet',
  partlyPaid: 'Partly paid',
  paidInFull: 'Paid in full. Thank you: nothing is due on this invoice.',
  nothingToPay: 'Nothing is due on this invoice.',
  dueBy: (date: string, termDays: number) =>
    `Payment is due by ${date}, ${termDays} days after the issue date. Please quote the invoice number with your payment.`,
  balanceDueBy: (amount: string, date: string) =>
    `The balance of ${amount} is due by ${date}. Please quote the invoice number with your payment.`,
  quoteValid: (date: string) => `This quote is valid until ${date}. Prices may change after that date.`,
  questions: (email: string, phone: string) => `Questions: ${email}${phone ? `, ${phone}` : ''}.`,
} as const;

/** Every word of an order's statement of account and of a payment's receipt. */
export const ACCOUNT_TEXT = {
  statement: 'Statement',
  receipt: 'Receipt',
  info: (title: string, orderId: number) => `${title}: order #${orderId}`,
  order: 'Order',
  date: 'Date',
  receiptNumber: 'Receipt number',
  purchaseOrder: 'PO number',
  school: 'SCHOOL',
  receivedFrom: 'RECEIVED FROM',
  activity: 'ACCOUNT ACTIVITY',
  columns: ['Date', 'Item', 'Charges', 'Credits', 'Balance'],
  noActivity: 'Nothing has been invoiced or paid on this order yet.',
  invoicedBalance: 'Balance of the invoices',
  notInvoiced: 'Order total not yet invoiced',
  notCredited: 'Decrease not yet credited',
  balanceDue: 'Balance due',
  credit: 'Your credit',
  settled: 'Paid in full',
  creditNote: (amount: string) =>
    `${amount} was paid beyond what the order costs: it is kept as your credit on this order until it is refunded or applied to another of your orders.`,
  received: (amount: string, orderId: number) => `We have received ${amount} for order #${orderId}. Thank you.`,
  paymentDate: 'Date received',
  amount: 'Amount',
  method: 'Paid by',
  refunded: 'Refunded of it since',
  balanceToday: (day: string) => `Balance of the order on ${day}`,
} as const;
