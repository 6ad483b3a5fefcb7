import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG } from './messages.ts';
import { queryInt } from './query.ts';
import './zod-messages.ts';

/**
 * Money owed (D15 back office): what sponsors (approved sponsorships with something left)
 * and invoiced schools (orders with an invoice and a balance) owe, aged by days past their
 * due date. Administrators see all of it; a sales rep only their own sponsors' (no orders).
 */

export const MONEY_OWED_KINDS = ['sponsorship', 'order'] as const;
export type MoneyOwedKind = (typeof MONEY_OWED_KINDS)[number];

/** Days past the due date: not yet due (or due today), then four bands. */
export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': '90+ days',
};

export const MONEY_OWED_KIND_LABELS: Record<MoneyOwedKind, string> = {
  sponsorship: 'Sponsorship',
  order: 'School order',
};

/** The band a number of days past due falls in (0 or less is current). */
export function ageingBucket(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return '1-30';
  if (daysOverdue <= 60) return '31-60';
  if (daysOverdue <= 90) return '61-90';
  return '90+';
}

/** Lines on a page of the report. */
export const MONEY_OWED_PAGE_SIZE = 25;

/** GET /api/admin/money-owed.csv: every line of one kind (or both) and band (or all). */
export const AdminMoneyOwedCsvQuery = z.object({
  kind: z.enum(MONEY_OWED_KINDS, { error: MSG.invalidValue }).optional(),
  bucket: z.enum(AGEING_BUCKETS, { error: MSG.invalidValue }).optional(),
});

/** GET /api/admin/money-owed: a page of the lines, most overdue first. */
export const AdminMoneyOwedQuery = AdminMoneyOwedCsvQuery.extend({
  page: queryInt('page', { min: 1, max: 100_000 }).default(1),
});
export type TAdminMoneyOwedQuery = z.input<typeof AdminMoneyOwedQuery>;

export const MoneyOwedRow = z.object({
  kind: z.enum(MONEY_OWED_KINDS),
  /** The sponsorship's or the order's number. */
  record_id: z.number().int(),
  /** The sponsor's company or the school's name (its e-mail when it has none yet). */
  name: z.string(),
  email: z.string(),
  /** The sponsor's sales rep; '' for an order. */
  rep_name: z.string(),
  /** The invoice of an order that this line is owed on; null for a sponsorship. */
  invoice_id: z.number().int().nullable(),
  /** 'INV-000012' for an order's invoice, '' for a sponsorship. */
  invoice: z.string(),
  /** YYYY-MM-DD */
  due_date: z.string(),
  days_overdue: z.number().int(),
  bucket: z.enum(AGEING_BUCKETS),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  balance_html: z.string(),
});
export type TMoneyOwedRow = z.infer<typeof MoneyOwedRow>;

export const AdminMoneyOwedResponse = successWith({
  /** YYYY-MM-DD the ages are counted from. */
  today: z.string(),
  /** One page of the lines, of the band asked for. */
  rows: z.array(MoneyOwedRow),
  /** Lines in the band asked for (or all), on every page. */
  total_rows: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Cents owed in each band, and in all, of the kind asked for (whatever band is shown). */
  totals: z.object({
    current: z.number().int(),
    '1-30': z.number().int(),
    '31-60': z.number().int(),
    '61-90': z.number().int(),
    '90+': z.number().int(),
    all: z.number().int(),
  }),
});
export type TAdminMoneyOwedResponse = z.infer<typeof AdminMoneyOwedResponse>;
