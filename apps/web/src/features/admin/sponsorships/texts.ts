import { SPONSORSHIP_STATUSES } from '@portal/contracts/sponsorships';

/** The back office's sponsorship screens: every word staff read on them. */
export const TEXT = {
  listTitle: 'Sponsorships',
  newButton: 'New sponsorship',
  newTitle: 'New sponsorship',
  statusLabel: 'Status',
  allStatuses: 'All statuses',
  yearLabel: 'School year',
  allYears: 'All years',
  searchLabel: 'Sponsor',
  searchPlaceholder: 'Company or e-mail',
  owedLabel: 'Something left to pay',
  noneMatch: 'No sponsorships match.',
  sponsorLabel: 'Sponsor',
  sponsorPlaceholder: 'Search by company or e-mail',
  itemsTitle: 'Items',
  addItem: 'Add an item',
  removeItem: (n: number) => `Remove item ${n}`,
  itemTitle: (n: number) => `Item ${n}`,
  type: 'Sponsorship type',
  county: 'County',
  bookName: 'Book name',
  schoolName: 'School name',
  adSize: 'Ad size',
  qty: 'Quantity',
  rate: 'Rate ($)',
  artwork: 'Artwork',
  comments: 'Comments',
  artworkPrice: 'Artwork price ($)',
  estimate: 'Total (worked out again by the server when saved)',
  create: 'Create sponsorship',
  cancel: 'Cancel',
  facts: 'Facts',
  transactions: 'Transactions',
  noTransactions: 'No payments yet.',
  inFlight: 'Payments in progress',
  closeCheckout: 'Close checkout',
  closeCheckoutTitle: 'Close this checkout?',
  closeCheckoutQuestion: (amount: string) =>
    `The sponsor will no longer be able to pay ${amount} on that card page, and the amount may be paid another way: a check, or a new pay link. If it was paid in the meantime, the payment counts.`,
  payLinks: 'Pay links sent',
  noPayLinks: 'No pay links sent.',
  history: 'History',
  noHistory: 'No changes recorded.',
  editItems: 'Edit items',
  saveItems: 'Save items',
  editLocked: 'Items can be changed only while nothing is paid.',
  approve: 'Approve',
  approveConfirm: (id: number) => `Approve sponsorship #${id}? The sponsor can then pay it.`,
  recordPayment: 'Record a payment',
  sendLink: 'Send a pay link',
  sendTitle: 'E-mail a pay link',
  sendNote: 'A new link ends the links sent before. It is shown to you once, after sending.',
  linkAmount: 'Amount ($)',
  linkAmountHint: (left: string) => `Leave blank for what is left when it is used (now ${left}).`,
  linkTo: 'Send to',
  linkToHint: (email: string) => `Leave blank to send it to the sponsor (${email}).`,
  send: 'Send link',
  notFound: 'This sponsorship does not exist or is not one of yours.',
  back: 'All sponsorships',
} as const;

export const STATUS_OPTIONS = SPONSORSHIP_STATUSES.map((s) => ({ value: s, label: s }));

/** A school year as people read it: 2026 → "2026-2027". */
export const schoolYear = (year: number) => `${year}-${year + 1}`;

export { when } from '../lib/format.ts';
export const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
