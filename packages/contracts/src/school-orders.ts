import { z } from 'zod';
import { LIST_PAGE_SIZE } from './constants.ts';
import { successWith } from './envelope.ts';
import { emailField, requiredText } from './fields.ts';
import { idempotencyKey } from './idempotency.ts';
import { MSG, tooLong } from './messages.ts';
import {
  FORM_FILE_TYPES,
  type FormFileType,
  ORDER_STATUSES,
  OrderFileEntry,
  type OrderStatus,
  WirePriceRow,
} from './orders.ts';
import { pagedResponse, pagedYearQuery, YearRange, yearsSince } from './paging.ts';
import './zod-messages.ts';

/**
 * A school's orders once placed in the reservation form (spec §2 order details, §3 order
 * list and details, §4 cancellation; §7 orders, orderdetails, cancelorder; D11, D12).
 */

/** The first year the order list's filter offers; it runs to the current year (spec §9). */
export const ORDERS_BASE_YEAR = 2024;

/** Orders a page of the list holds (spec §9). */
export const ORDERS_PAGE_SIZE = LIST_PAGE_SIZE;

/** The years the order list can be filtered by, newest first: from 2024 to `today`'s year. */
export const orderYears = (today: Date): number[] => yearsSince(ORDERS_BASE_YEAR, today);

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  refunded: 'Refunded',
};

/** How the list and the details name an order's state. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  Pending: 'Pending',
  Reserved: 'Reserved',
  'Order Placed': 'Order Placed',
  'In production': 'In production',
  Shipped: 'Shipped',
  'Ready for pickup': 'Ready for pickup',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};

const orderKey = z.string({ error: MSG.orderKeyRequired }).trim().min(1, MSG.orderKeyRequired).max(100, tooLong(100));

/** GET /api/orders: a page of the school's orders, newest first, of one year or all. */
export const OrdersQuery = pagedYearQuery(ORDERS_BASE_YEAR);
export type TOrdersQuery = z.input<typeof OrdersQuery>;

/** An order as the list and the details show it (spec §3). */
export const SchoolOrder = z.object({
  order_id: z.number().int(),
  order_key: z.string(),
  /** When the order was started: an ISO date and time. */
  order_date: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  /** What the order is for: the product's name and its page's slug. */
  product: z.object({ name: z.string(), slug: z.string() }),
  /** The status as text; it carries no markup (D16). */
  order_status_html: z.string(),
  total_amount_html: z.string(),
  /** The sales tax staff added, formatted, or '' until they add it (D10). */
  tax_amount_html: z.string(),
  school_year: z.string(),
  /** The delivery option's name, or '' before one is chosen. */
  delivery_optn: z.string(),
  /** The payment option's name, or '' before one is chosen. */
  payment_method: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** Where to pay the order now (its checkout), or '' when nothing is to be paid by card. */
  payment_link: z.string(),
  /** Where the order's invoice or quote is made (add `type` and `date`), or '' for a cancelled order. */
  invoice_link: z.string(),
  /** 1 when free items or magnets are ordered, whose terms the school must accept (spec §4). */
  free_tnc_req: z.literal([0, 1]),
  free_tnc_accepted: z.literal([0, 1]),
  cancel_requested: z.literal([0, 1]),
  custom_price: z.array(WirePriceRow),
  custom_fields: z.record(z.string(), z.unknown()),
});
export type TSchoolOrder = z.infer<typeof SchoolOrder>;

export const OrdersResponse = pagedResponse({ orders: z.array(SchoolOrder), rangeyear: YearRange });
export type TOrdersResponse = z.infer<typeof OrdersResponse>;

/** GET /api/orderdetails */
export const OrderDetailsQuery = z.object({ order_key: orderKey });

/**
 * 1: the school may cancel the order itself; 2: only by asking the team (lockReason
 * says why); 0: nothing left to cancel (D12).
 */
export const CANCEL_OPTIONS = { none: 0, direct: 1, contact: 2 } as const;

export const OrderDetailsResponse = successWith({
  order: SchoolOrder,
  cancel_order: z.literal([0, 1, 2]),
  /** 1 when the reservation form may still change the order (D12). */
  edit_order: z.literal([0, 1]),
  /** Why the school can no longer edit or cancel the order itself (lockMessage), or '' while it can. */
  lock_reason: z.string(),
  /** 1 when a reservation past its cut-off may still be finalized and paid as it was reserved (D12). */
  finalize_order: z.literal([0, 1]),
  /** The day (YYYY-MM-DD) from which the school can no longer change or cancel the order itself, or '' when it has no cut-off (D12). */
  cutoff_date: z.string(),
  /** What is left to pay (its total less what was paid) while it may be paid (isPayable, Pay Now), else ''. */
  balance_due_html: z.string(),
  /** What the school paid beyond the order's total (its credit), in dollars; '' when none. */
  credit_html: z.string(),
  /** The files uploaded with the order, by kind: the spec's four artwork kinds and the purchase-order document. */
  files: z.object(
    Object.fromEntries(FORM_FILE_TYPES.map((t) => [t, z.array(OrderFileEntry)])) as Record<
      FormFileType,
      z.ZodArray<typeof OrderFileEntry>
    >,
  ),
  userinfo: z.object({ school_name: z.string(), user_email: z.string() }),
  /** The school year Order again would reserve for, or '' when it is not offered (an order of that year or later, or still Pending). */
  reorder_year: z.string(),
});
export type TOrderDetailsResponse = z.infer<typeof OrderDetailsResponse>;

/** POST /api/cancelorder */
export const CancelOrderBody = z.object({ order_key: orderKey });
export type TCancelOrderBody = z.input<typeof CancelOrderBody>;

/** A tick box: true, 1, '1', 'true' or 'on' is ticked. */
const confirmed = z.preprocess(
  (v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on',
  z.literal(true, { error: MSG.tickToConfirm }),
);

/** POST /api/acceptordertnc: both confirmations of the free products' terms (spec §2, §4). */
export const AcceptOrderTermsBody = z.object({ order_key: orderKey, field1: confirmed, field2: confirmed });

/** POST /api/cancelorderenq: the contact-to-cancel form (spec §3, §5), once the school may no longer cancel itself. */
export const CancelRequestFields = z.object({
  schoolname: requiredText(MSG.cancelSchoolNameRequired),
  email: emailField(MSG.validEmailAddress),
  message: requiredText(MSG.required, 5000),
});
export type TCancelRequestFields = z.input<typeof CancelRequestFields>;
export const CancelRequestBody = CancelRequestFields.extend({ order_key: orderKey, idempotency_key: idempotencyKey() });
export type TCancelRequestBody = z.input<typeof CancelRequestBody>;

export const ORDER_DOCUMENT_TYPES = ['invoice', 'quote'] as const;
export type OrderDocumentType = (typeof ORDER_DOCUMENT_TYPES)[number];

/** A calendar day, YYYY-MM-DD, that exists. */
const calendarDay = z
  .string({ error: MSG.validDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.validDate)
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2999-12-31'
    );
  }, MSG.validDate);

/**
 * GET /api/orderinvoice: the order's invoice as it was issued, or its quote, as a PDF
 * (Download Order Summary, spec §2). `date` is the quote's (today when left out); an
 * invoice carries the day it was issued, whatever is asked.
 */
export const OrderDocumentQuery = z.object({
  order_key: orderKey,
  type: z.enum(ORDER_DOCUMENT_TYPES, { error: MSG.documentTypeInvalid }).default('invoice'),
  date: z.preprocess((v) => (v === '' || v === null ? undefined : v), calendarDay.optional()),
});
export type TOrderDocumentQuery = z.input<typeof OrderDocumentQuery>;

/** POST /api/orderdocumentlink: a link that opens the document in a new tab, which carries no session. */
export const OrderDocumentLinkBody = OrderDocumentQuery;
export type TOrderDocumentLinkBody = z.input<typeof OrderDocumentLinkBody>;
export const OrderDocumentLinkResponse = successWith({
  /** Opens the PDF for a few minutes, without a session. */
  url: z.string(),
});
export type TOrderDocumentLinkResponse = z.infer<typeof OrderDocumentLinkResponse>;

/** GET /api/orderdocument/{token} */
export const OrderDocumentParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, MSG.documentLinkExpired),
});

/** POST /api/reorder: a new Pending order for the next school year, with this order's counts and options. */
export const ReorderBody = z.object({ order_key: orderKey });
export const ReorderResponse = successWith({
  order_key: z.string(),
  /** The reservation form of the new order. */
  redirect: z.string(),
});
export type TReorderResponse = z.infer<typeof ReorderResponse>;
