/**
 * Every table a back-office list, report or the start page is read from, or whose change
 * moves what one shows (a payment moves an order's status and the money owed). A trigger on
 * each tells the change feed (migrations 0001–0018 and 0053); a change to any of them drops
 * every staff answer kept (`ctx.cache.staffAnswers`). The money owed is not among them: its
 * table changes only with an order, an invoice or a sponsorship, in the same transaction.
 */
export const BACK_OFFICE_TABLES = [
  'audit_log',
  'categories',
  'contact_requests',
  'cost_sheets',
  'document_links',
  'enquiries',
  'enquiry_replies',
  'invoices',
  'order_files',
  'order_proofs',
  'order_year_totals',
  'orders',
  'pay_links',
  'payment_allocations',
  'payment_disputes',
  'payment_reminders',
  'payments',
  'products',
  'refunds',
  'school_documents',
  'schools',
  'sponsors',
  'sponsorship_items',
  'sponsorship_transactions',
  'sponsorships',
  'users',
] as const;
