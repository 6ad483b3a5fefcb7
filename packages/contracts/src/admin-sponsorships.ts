import { z } from 'zod';
import { AuditEntry } from './admin.ts';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { afterQuery, cappedTotal, nextCursor } from './paging.ts';
import { queryInt } from './query.ts';
import { amountToCents, SPONSORSHIP_STATUSES, SPONSORSHIPS_BASE_YEAR } from './sponsorships.ts';
import './zod-messages.ts';

/** The back office's sponsorships (D15): staff set them up for a sponsor, approve them and take payments. */

export const ADMIN_SPONSORSHIPS_PAGE_SIZE = 25;
export const ADMIN_SPONSORSHIP_SORTS = ['id', 'sponsor', 'year', 'total', 'left', 'updated'] as const;
export type AdminSponsorshipSort = (typeof ADMIN_SPONSORSHIP_SORTS)[number];
export const MAX_SPONSORSHIP_ITEMS = 50;
export const MAX_ITEM_QTY = 100_000;
export const OFFLINE_METHODS = ['check', 'bank-transfer'] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
export const OFFLINE_METHOD_LABELS: Record<OfflineMethod, string> = {
  check: 'Check',
  'bank-transfer': 'Bank transfer',
};

const flag = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : v === true || v === '1' || v === 'true'),
  z.boolean().optional(),
);

/** GET /api/admin/sponsorships */
export const AdminSponsorshipsQuery = z.object({
  page: queryInt('page', { min: 1, max: 100_000 }).default(1),
  status: z.enum(SPONSORSHIP_STATUSES, { error: MSG.invalidValue }).optional(),
  year: queryInt('year', { min: SPONSORSHIPS_BASE_YEAR, max: 9999 }).optional(),
  /** Words of the sponsor's company or e-mail. */
  q: z.string().trim().max(200, tooLong(200)).optional(),
  /** Only those with something left to pay. */
  owed: flag,
  sort: z.enum(ADMIN_SPONSORSHIP_SORTS, { error: MSG.invalidValue }).default('updated'),
  dir: z.enum(['asc', 'desc'], { error: MSG.invalidValue }).default('desc'),
  after: afterQuery,
});
export type TAdminSponsorshipsQuery = z.input<typeof AdminSponsorshipsQuery>;

export const AdminSponsorshipRow = z.object({
  sponsorship_id: z.number().int(),
  sponsor_user_id: z.number().int(),
  sponsor: z.string(),
  year: z.number().int(),
  status: z.enum(SPONSORSHIP_STATUSES),
  total_qty: z.number().int(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  left_cents: z.number().int(),
  updated_at: z.string(),
});
export type TAdminSponsorshipRow = z.infer<typeof AdminSponsorshipRow>;

export const AdminSponsorshipsResponse = successWith({
  sponsorships: z.array(AdminSponsorshipRow),
  ...cappedTotal,
  next: nextCursor,
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TAdminSponsorshipsResponse = z.infer<typeof AdminSponsorshipsResponse>;

/** GET /api/admin/sponsorships/sponsors?q=: the sponsors a staff member may set one up for. */
export const SponsorChoicesQuery = z.object({
  q: z.string().trim().max(200, tooLong(200)).optional(),
  id: queryInt('id', { min: 1, max: 2_147_483_647 }).optional(),
});
export const SponsorChoice = z.object({ user_id: z.number().int(), company: z.string(), email: z.string() });
export type TSponsorChoice = z.infer<typeof SponsorChoice>;
export const SponsorChoicesResponse = successWith({ sponsors: z.array(SponsorChoice) });
export type TSponsorChoicesResponse = z.infer<typeof SponsorChoicesResponse>;

/** Dollars as staff type them: digits with up to two decimals (read into cents with amountToCents). */
export const dollars = (required: boolean) =>
  z
    .string({ error: MSG.sponsorshipAmountInvalid })
    .trim()
    .refine((v) => v !== '' || !required, { message: MSG.adminAmountRequired, abort: true })
    .refine((v) => v === '' || amountToCents(v) !== undefined, { message: MSG.sponsorshipAmountInvalid });

const text = (max: number) => z.string().trim().max(max, tooLong(max)).default('');

export const SponsorshipItemInput = z.object({
  sponsorship_type: z.string().trim().min(1, MSG.adminItemTypeRequired).max(100, tooLong(100)),
  county: text(100),
  book_name: text(200),
  school_name: text(200),
  adv_size: text(100),
  qty: z.coerce
    .number({ error: MSG.adminItemQtyInvalid })
    .int(MSG.adminItemQtyInvalid)
    .min(1, MSG.adminItemQtyInvalid)
    .max(MAX_ITEM_QTY, MSG.adminItemQtyInvalid),
  /** Dollars per unit, e.g. "250.00". */
  rate: dollars(true),
  artwork: text(200),
  comments: text(2000),
  /** Dollars; blank is none. */
  artwork_price: dollars(false).default(''),
});
export type TSponsorshipItemInput = z.input<typeof SponsorshipItemInput>;

const items = z
  .array(SponsorshipItemInput)
  .min(1, MSG.adminItemsRequired)
  .max(MAX_SPONSORSHIP_ITEMS, MSG.adminItemsTooMany);

/** POST /api/admin/sponsorships: totals are the server's, never the client's. */
export const CreateAdminSponsorshipBody = z.object({
  sponsor_id: z.coerce.number({ error: MSG.adminSponsorRequired }).int().min(1, MSG.adminSponsorRequired),
  year: z.coerce
    .number({ error: MSG.adminYearRequired })
    .int(MSG.adminYearRequired)
    .min(SPONSORSHIPS_BASE_YEAR, MSG.adminYearRequired)
    .max(9999, MSG.adminYearRequired),
  items,
});
export type TCreateAdminSponsorshipBody = z.input<typeof CreateAdminSponsorshipBody>;

/** POST /api/admin/sponsorships/:id/items */
/** POST /api/admin/sponsorships/:id/items; `version` is the `updated_at` the items were edited from. */
export const UpdateSponsorshipItemsBody = z.object({ items, version: z.string().max(40).optional() });
export type TUpdateSponsorshipItemsBody = z.input<typeof UpdateSponsorshipItemsBody>;

export const AdminSponsorshipParams = z.object({ id: queryInt('id', { min: 1, max: 2_147_483_647 }) });

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/admin/sponsorships/:id/offline-payment: a check or a bank transfer received. */
/**
 * POST /api/admin/sponsorships/:id/close-checkout: a card checkout the sponsor left open,
 * closed at the gateway so that what it held may be paid another way (a check, a new link).
 */
export const CloseCheckoutBody = z.object({
  payment_id: z.number({ error: MSG.invalidValue }).int().min(1).max(2_147_483_647),
});
export type TCloseCheckoutBody = z.input<typeof CloseCheckoutBody>;

export const OfflinePaymentBody = z.object({
  method: z.enum(OFFLINE_METHODS, { error: MSG.adminOfflineMethodRequired }),
  amount: dollars(true),
  reference: z.string().trim().min(1, MSG.adminOfflineReferenceRequired).max(60, tooLong(60)),
  /** The day it was received, YYYY-MM-DD. */
  received_on: z
    .string({ error: MSG.adminOfflineDateRequired })
    .trim()
    .refine((v) => isoDate.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), MSG.adminOfflineDateRequired),
});
export type TOfflinePaymentBody = z.input<typeof OfflinePaymentBody>;

/** POST /api/admin/sponsorships/:id/pay-link: e-mail a link that pays it without signing in. */
export const SendPayLinkBody = z.object({
  /** Dollars; blank is what is left when the link is used. */
  amount: dollars(false).default(''),
  /** Another address; blank is the sponsor's own. */
  to: z.union([z.literal(''), z.email(MSG.invalidEmail).max(200, tooLong(200))]).default(''),
});
export type TSendPayLinkBody = z.input<typeof SendPayLinkBody>;

export const AdminSponsorshipItem = z.object({
  id: z.number().int(),
  sponsorship_type: z.string(),
  county: z.string(),
  book_name: z.string(),
  school_name: z.string(),
  adv_size: z.string(),
  qty: z.number().int(),
  rate_cents: z.number().int(),
  artwork: z.string(),
  comments: z.string(),
  subtotal_cents: z.number().int(),
  artwork_price_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type TAdminSponsorshipItem = z.infer<typeof AdminSponsorshipItem>;

export const AdminSponsorshipDetailResponse = successWith({
  sponsorship: AdminSponsorshipRow.extend({
    sponsor_email: z.string(),
    rep: z.string(),
    created_at: z.string(),
    in_flight_cents: z.number().int(),
    /** Its items may still be changed: nothing paid yet. */
    can_edit: z.boolean(),
    can_approve: z.boolean(),
  }),
  items: z.array(AdminSponsorshipItem),
  transactions: z.array(
    z.object({
      id: z.number().int(),
      /** The payment it records; none for a refund's row. */
      payment_id: z.number().int().nullable(),
      /** Recorded by staff (a check, a transfer, a credit): refunded by hand, not to a card. */
      by_hand: z.boolean(),
      payment_date: z.string(),
      payment_status: z.number().int(),
      transaction_id: z.string(),
      /** Negative for money given back. */
      amount_cents: z.number().int(),
      /** What is left to refund of the payment's share of this sponsorship. */
      refundable_cents: z.number().int(),
    }),
  ),
  in_flight: z.array(
    z.object({
      payment_id: z.number().int(),
      amount_cents: z.number().int(),
      started_at: z.string(),
      gateway: z.string(),
    }),
  ),
  pay_links: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      amount_cents: z.number().int().nullable(),
      expires_at: z.string(),
      created_by: z.string(),
    }),
  ),
  history: z.array(AuditEntry),
});
export type TAdminSponsorshipDetailResponse = z.infer<typeof AdminSponsorshipDetailResponse>;

export const AdminSponsorshipSaved = successWith({ sponsorship_id: z.number().int() });
export type TAdminSponsorshipSaved = z.infer<typeof AdminSponsorshipSaved>;

/**
 * POST /api/admin/sponsorships/:id/pay-link's answer: the link as e-mailed, this once (the
 * server keeps only its key's hash, decision 029), and where it went.
 */
export const AdminSponsorshipPayLinkSent = successWith({
  sponsorship_id: z.number().int(),
  url: z.string(),
  to: z.string(),
});
export type TAdminSponsorshipPayLinkSent = z.infer<typeof AdminSponsorshipPayLinkSent>;
