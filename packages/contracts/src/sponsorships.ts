import { z } from 'zod';
import { LIST_PAGE_SIZE } from './constants.ts';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { pagedResponse, pagedYearQuery, YearRange, yearsSince } from './paging.ts';
import { queryInt } from './query.ts';
import './zod-messages.ts';

/**
 * A sponsor's sponsorships and their card payments (spec §2, §3, §4, §5, §7; D13). Money is
 * in whole cents on the wire, each amount beside its `_html` text as people read it.
 */

export const SPONSORSHIP_STATUSES = ['Requested', 'Approved', 'Partial', 'Completed'] as const;
export type SponsorshipStatus = (typeof SPONSORSHIP_STATUSES)[number];

/** The statuses in which a sponsorship may still be paid (spec §2). */
export const PAYABLE_SPONSORSHIP_STATUSES = ['Requested', 'Approved', 'Partial'] as const;

/** Sponsorships a page of the list holds (spec §9). */
export const SPONSORSHIPS_PAGE_SIZE = LIST_PAGE_SIZE;

/** The first year the list's filter offers (spec §9). */
export const SPONSORSHIPS_BASE_YEAR = 2024;

/** The years the list can be filtered by, newest first: from 2024 to `today`'s year. */
export const sponsorshipYears = (today: Date): number[] => yearsSince(SPONSORSHIPS_BASE_YEAR, today);

const MAX_ID = 2_147_483_647;

/**
 * A partial amount as the sponsor types it: digits with up to two decimals (spec §5), read
 * without floating point into cents; undefined when it is not such an amount.
 */
export function amountToCents(amount: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Sponsorship ids to leave out of a bulk payment: "3,5", repeated parameters, or a JSON array. */
const idList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    const parts = Array.isArray(v) ? v : String(v).split(',');
    return parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
  },
  z
    .array(z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(1, MSG.invalidValue).max(MAX_ID))
    .max(1000),
);

const sponsorshipId = queryInt('sponsorship_id', { min: 1, max: MAX_ID });
const paymentKey = z
  .string({ error: MSG.paymentKeyRequired })
  .trim()
  .min(1, MSG.paymentKeyRequired)
  .max(100, tooLong(100));

/** GET /api/sponsorship */
export const SponsorshipsQuery = pagedYearQuery(SPONSORSHIPS_BASE_YEAR);
export type TSponsorshipsQuery = z.input<typeof SponsorshipsQuery>;

/** A sponsorship group as the list shows it (spec §3). */
export const SponsorshipGroup = z.object({
  sponsorship_grp_id: z.number().int(),
  /** The school year, as its starting calendar year. */
  year: z.number().int(),
  total_qty: z.number().int(),
  total_amount: z.number().int(),
  total_amount_html: z.string(),
  status: z.enum(SPONSORSHIP_STATUSES),
  /** The status as text; it carries no markup (D16). */
  status_html: z.string(),
  /** ISO date and time of the last change. */
  last_updated: z.string(),
  left_amount: z.number().int(),
  left_amount_html: z.string(),
  /** Where its summary PDF is served to API clients; every sponsorship has one. */
  invoice_link: z.string(),
});
export type TSponsorshipGroup = z.infer<typeof SponsorshipGroup>;

export const SponsorshipsResponse = pagedResponse({
  sponsorships: z.array(SponsorshipGroup),
  /** How many of the sponsor's sponsorships (of the year shown) still have something to pay. */
  unpaid_sponsorships: z.number().int(),
  /** The newest one with something to pay (Pay in full, Pay partial amount), or null. */
  latest_sponsorship_id: z.number().int().nullable(),
  latest_left_amount: z.number().int(),
  latest_left_amount_html: z.string(),
  csv_download_link: z.string(),
  print_download_link: z.string(),
  rangeyear: YearRange,
});
export type TSponsorshipsResponse = z.infer<typeof SponsorshipsResponse>;

/** GET /api/sponsorshipdetails */
export const SponsorshipDetailsQuery = z.object({ sponsorship_id: sponsorshipId });

export const SponsorshipItem = z.object({
  sponsorship_type: z.string(),
  county: z.string(),
  book_name: z.string(),
  school_name: z.string(),
  adv_size: z.string(),
  qty: z.number().int(),
  rate: z.number().int(),
  rate_html: z.string(),
  artwork: z.string(),
  comments: z.string(),
  subtotal: z.number().int(),
  subtotal_html: z.string(),
  artwork_price: z.number().int(),
  artwork_price_html: z.string(),
  total_amount: z.number().int(),
  total_amount_html: z.string(),
});

export const SponsorshipTransaction = z.object({
  /** ISO date and time. */
  payment_date: z.string(),
  /** 1 confirmed, 0 failed (spec §4). */
  payment_status: z.literal([0, 1]),
  /** Money paid, or money given back (a refund: its amount is negative). */
  kind: z.enum(['payment', 'refund']),
  transaction_id: z.string(),
  amount: z.number().int(),
  amount_html: z.string(),
});

export const SponsorshipDetailsResponse = successWith({
  sponsorship: SponsorshipGroup.omit({ sponsorship_grp_id: true }).extend({
    /** The spec's name for the id on the details. */
    sponsorship_gr_id: z.number().int(),
  }),
  sponsorship_items: z.array(SponsorshipItem),
  sponsorship_txns: z.array(SponsorshipTransaction),
});
export type TSponsorshipDetailsResponse = z.infer<typeof SponsorshipDetailsResponse>;

/** POST /api/sponsorshippayment: pay one sponsorship, in full or in part. */
export const SponsorshipPaymentBody = z.object({
  sponsorship_id: sponsorshipId,
  amount: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: MSG.sponsorshipAmountInvalid })
      .trim()
      .refine((s) => amountToCents(s) !== undefined, MSG.sponsorshipAmountInvalid),
  ),
});
export type TSponsorshipPaymentBody = z.input<typeof SponsorshipPaymentBody>;

export const SponsorshipPaymentResponse = successWith({
  /** The gateway's hosted page the browser is sent to. */
  paymentLink: z.string(),
});

/**
 * What became of a payment the browser came back with (the gateway's word): as for
 * orders, 'cancelled' when the payer left the gateway's page (that checkout is then closed).
 */
export const SPONSORSHIP_PAYMENT_RESULTS = ['paid', 'declined', 'cancelled', 'pending'] as const;

const ConfirmQuery = z.object({
  payment_key: paymentKey,
  return_via: z.enum(['success', 'cancel'], { error: MSG.returnViaInvalid }).optional(),
});

/** GET /api/sponsorshipconfirm */
export const SponsorshipConfirmQuery = ConfirmQuery;

/**
 * `sponsorship_status` is the spec's `status` of the sponsorship: `status` itself is the
 * answer's envelope (D3). The result page is a success when it is Completed.
 */
export const SponsorshipConfirmResponse = successWith({
  sponsorship_id: z.number().int(),
  sponsorship_status: z.enum(SPONSORSHIP_STATUSES),
  payment_result: z.enum(SPONSORSHIP_PAYMENT_RESULTS),
  /** What this attempt was for, in dollars and cents ("125.50"): Pay Now on the error page tries it again. */
  amount: z.string(),
  left_amount: z.number().int(),
  left_amount_html: z.string(),
});
export type TSponsorshipConfirmResponse = z.infer<typeof SponsorshipConfirmResponse>;

/** GET /api/sponsorshipbulk: the sponsorships a bulk payment would pay. */
export const SponsorshipBulkQuery = z.object({ exclude_sponsorships: idList });

export const BulkSponsorship = z.object({
  sponsorship_id: z.number().int(),
  /** 1 when the bulk payment includes it (ticked by default), 0 when left out. */
  checked: z.literal([0, 1]),
  sponsorship_grp_id: z.number().int(),
  total_qty: z.number().int(),
  /** What a bulk payment pays of it: all that is left. */
  total_amount: z.number().int(),
  total_amount_html: z.string(),
});

export const SponsorshipBulkResponse = successWith({
  sponsorships: z.array(BulkSponsorship),
  total_bulk_amount: z.number().int(),
  total_bulk_amount_html: z.string(),
});
export type TSponsorshipBulkResponse = z.infer<typeof SponsorshipBulkResponse>;

/** POST /api/paybulksponsorship */
export const PayBulkSponsorshipBody = z.object({ exclude_sponsorships: idList });

export const PayBulkSponsorshipResponse = successWith({
  /** The gateway's hosted page the browser is sent to. */
  redirect: z.string(),
});

/** GET /api/bulksponsorshipconfirm */
export const BulkSponsorshipConfirmQuery = ConfirmQuery;

export const BulkSponsorshipConfirmResponse = successWith({
  /** 1 when the bulk payment is confirmed, 0 otherwise. */
  payment_status: z.literal([0, 1]),
  payment_result: z.enum(SPONSORSHIP_PAYMENT_RESULTS),
});
export type TBulkSponsorshipConfirmResponse = z.infer<typeof BulkSponsorshipConfirmResponse>;

/** Where a sponsorship's summary is served to API clients (the group's invoice_link). */
export const sponsorshipSummaryLink = (sponsorshipId: number) =>
  `/api/sponsorshipsummary?sponsorship_id=${sponsorshipId}`;

/** GET /api/sponsorshipsummary: the sponsorship's summary as a PDF (API clients, with a bearer token). */
export const SponsorshipSummaryQuery = z.object({ sponsorship_id: sponsorshipId });

/** POST /api/sponsorshipdocumentlink: a link that opens the summary in a new tab, which carries no session. */
export const SponsorshipDocumentLinkBody = z.object({ sponsorship_id: sponsorshipId });
export type TSponsorshipDocumentLinkBody = z.input<typeof SponsorshipDocumentLinkBody>;
export const SponsorshipDocumentLinkResponse = successWith({
  /** Opens the PDF for a few minutes, without a session. */
  link: z.string(),
});
export type TSponsorshipDocumentLinkResponse = z.infer<typeof SponsorshipDocumentLinkResponse>;

/** GET /api/sponsorshipdocument/{token} */
export const SponsorshipDocumentParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, MSG.sponsorshipDocumentLinkExpired),
});
