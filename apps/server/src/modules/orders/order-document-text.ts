/**
 * Every word a school reads on its order's invoice or quote, kept apart from the drawing
 * so that the documents can be written in another language without touching the layout.
 */
export const DOCUMENT_TEXT = {
  title: { invoice: 'Invoice', quote: 'Quote' },
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
