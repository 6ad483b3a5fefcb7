/**
 * Every word a sponsor reads on a sponsorship's summary, kept apart from the drawing so
 * that the document can be written in another language without touching the layout.
 */
export const SUMMARY_TEXT = {
  title: 'Sponsorship Summary',
  info: (id: number) => `Sponsorship Summary: sponsorship #${id}`,
  fileName: (id: number) => `sponsorship-summary-${id}.pdf`,
  sponsorship: 'Sponsorship',
  schoolYear: 'School year',
  status: 'Status',
  issueDate: 'Issue date',
  sponsor: 'SPONSOR',
  items: 'SPONSORED ITEMS',
  itemColumns: [
    'Sponsorship type',
    'County',
    'Book name',
    'School name',
    'Ad size',
    'Qty',
    'Rate',
    'Artwork',
    'Artwork price',
    'Total',
  ],
  comments: (text: string) => `Comments: ${text}`,
  noItems: 'No items yet.',
  total: 'Total',
  paymentsReceived: 'PAYMENTS RECEIVED',
  paymentColumns: ['Date', 'Transaction', 'Amount'],
  noPayments: 'No payments received yet.',
  amountPaid: 'Amount paid',
  balanceDue: 'Balance due',
  paidInFull: 'Paid in full',
  questions: (email: string, phone: string) => `Questions: ${email}${phone ? `, ${phone}` : ''}.`,
} as const;
