import { z } from 'zod';
import { AuditEntry } from './admin.ts';
import { dollars } from './admin-sponsorships.ts';
import { successWith } from './envelope.ts';
import { MSG } from './messages.ts';
import { TAX_RATE_MAX_BP } from './order-rules.ts';
import { FORM_FILE_TYPES, type FormFileType, ORDER_STATUSES, OrderFileEntry } from './orders.ts';
import { afterQuery, cappedTotal, nextCursor } from './paging.ts';
import { queryInt } from './query.ts';
import { REFUND_METHODS } from './refunds.ts';
import { ORDER_DOCUMENT_TYPES, PAYMENT_STATUSES, SchoolOrder } from './school-orders.ts';
import './zod-messages.ts';

/** The schools' orders in the back office (D15): administrators only. */

export const ADMIN_ORDERS_PAGE_SIZE = 25;
export const ADMIN_ORDER_SORTS = ['date', 'total'] as const;

/** `status`: one status or several, comma-separated ("Pending,Reserved"). */
const statusList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(z.enum(ORDER_STATUSES, { error: MSG.invalidValue })).max(ORDER_STATUSES.length),
);

/** GET /api/admin/orders: a page of every school's orders, narrowed and sorted. */
export const AdminOrdersQuery = z.object({
  status: statusList.optional(),
  school_year: z.string().trim().max(9).optional(),
  payment_status: z.enum(PAYMENT_STATUSES, { error: MSG.invalidValue }).optional(),
  /** '1': only orders whose cancel request waits for an answer. */
  cancel_request: z.enum(['1']).optional(),
  /** '1': only orders with a proof waiting for the school's answer. */
  proof_waiting: z.enum(['1']).optional(),
  /** '1': only orders invoiced (given an invoice number) and not cancelled. */
  invoiced: z.enum(['1']).optional(),
  /** An order number, or words of the school's name or e-mail. */
  q: z.string().trim().max(200).optional(),
  sort: z.enum(ADMIN_ORDER_SORTS, { error: MSG.invalidValue }).default('date'),
  dir: z.enum(['asc', 'desc'], { error: MSG.invalidValue }).default('desc'),
  page: queryInt('page', { min: 1, max: 100_000 }).default(1),
  after: afterQuery,
});
export type TAdminOrdersQuery = z.input<typeof AdminOrdersQuery>;

export const AdminOrderRow = z.object({
  order_id: z.number().int(),
  order_key: z.string(),
  order_date: z.string(),
  school_name: z.string(),
  email: z.string(),
  product_name: z.string(),
  school_year: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total_cents: z.number().int(),
  /** Its cancel request waits for an answer. */
  cancel_request_open: z.boolean(),
  /** A proof of its cover or pages waits for the school's answer. */
  proof_waiting: z.boolean(),
});
export type TAdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrdersResponse = successWith({
  orders: z.array(AdminOrderRow),
  ...cappedTotal,
  next: nextCursor,
  page: z.number().int(),
  page_size: z.number().int(),
  /** The school years orders are for, newest first, for the filter. */
  school_years: z.array(z.string()),
});
export type TAdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;

export const AdminOrderParams = z.object({ id: queryInt('id', { min: 1, max: 2_147_483_647 }) });

export const AdminCancelRequest = z.object({
  id: z.number().int(),
  fullname: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
});

export const AdminOrderPayment = z.object({
  id: z.number().int(),
  created_at: z.string(),
  amount_cents: z.number().int(),
  gateway: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  confirmed_at: z.string().nullable(),
  /** What staff may still refund of it: what it brought less its refunds that did not fail (0 unless received). */
  refundable_cents: z.number().int(),
});

export const AdminOrderRefund = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  created_at: z.string(),
  amount_cents: z.number().int(),
  /** 'credit': kept as the school's credit and applied to another of its orders (the reference says which). */
  method: z.enum([...REFUND_METHODS, 'credit']),
  reference: z.string().nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** The gateway's words when it refused. */
  failure: z.string().nullable(),
});
export type TAdminOrderRefund = z.infer<typeof AdminOrderRefund>;

/** POST /api/admin/orders/:id/apply-credit: move the school's credit on this order to another of its orders. */
export const AdminApplyCreditBody = z.object({
  to_order_id: z.number({ error: MSG.adminCreditOrderRequired }).int().min(1, MSG.adminCreditOrderRequired),
  amount: dollars(true),
});
export type TAdminApplyCreditBody = z.input<typeof AdminApplyCreditBody>;

/** Another order of the same school that a credit may pay: not cancelled, with a balance due. */
export const AdminCreditTarget = z.object({
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  balance_cents: z.number().int(),
});

/** GET /api/admin/orders/:id: the order as the school saw it, and what staff need besides. */
export const AdminOrderResponse = successWith({
  order: SchoolOrder,
  files: z.object(
    Object.fromEntries(FORM_FILE_TYPES.map((t) => [t, z.array(OrderFileEntry)])) as Record<
      FormFileType,
      z.ZodArray<typeof OrderFileEntry>
    >,
  ),
  school: z.object({ user_id: z.number().int(), name: z.string(), email: z.string() }),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  has_tax: z.boolean(),
  /** The rate the tax follows, in basis points; null for an amount, or before staff set it. */
  tax_rate_bp: z.number().int().nullable(),
  total_cents: z.number().int(),
  /** What confirmed payments brought in. */
  received_cents: z.number().int(),
  /** What was given back of it (refunds that succeeded). */
  refunded_cents: z.number().int(),
  /** total_cents − received_cents + refunded_cents: still owed above 0, the school's credit below (accountBalance). */
  balance_cents: z.number().int(),
  /** YYYY-MM-DD, or null before staff set it. */
  delivery_date: z.string().nullable(),
  invoice_number: z.number().int().nullable(),
  cancel_request: AdminCancelRequest.nullable(),
  payments: z.array(AdminOrderPayment),
  refunds: z.array(AdminOrderRefund),
  /** Where the school's credit on this order may go: its other orders with a balance due (none without a credit). */
  credit_targets: z.array(AdminCreditTarget),
  /** The statuses staff may move it to now (staffTransitions). */
  transitions: z.array(z.enum(ORDER_STATUSES)),
  /** Staff may still set its delivery date and tax. */
  may_change: z.boolean(),
  history: z.array(AuditEntry),
});
export type TAdminOrderResponse = z.infer<typeof AdminOrderResponse>;

/** POST /api/admin/orders/:id/status */
export const AdminOrderStatusBody = z.object({ status: z.enum(ORDER_STATUSES, { error: MSG.invalidValue }) });
export type TAdminOrderStatusBody = z.input<typeof AdminOrderStatusBody>;

/** POST /api/admin/orders/:id/delivery-date */
export const AdminDeliveryDateBody = z.object({
  delivery_date: z
    .string({ error: MSG.orderDeliveryDateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.orderDeliveryDateInvalid)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), MSG.orderDeliveryDateInvalid),
});
export type TAdminDeliveryDateBody = z.input<typeof AdminDeliveryDateBody>;

/**
 * POST /api/admin/orders/:id/tax: a rate in basis points (750 = 7.50%), which follows the
 * subtotal as the school changes the order, or an amount in cents, which holds for the
 * subtotal it is set on (taxFor in order-rules).
 */
export const AdminOrderTaxBody = z
  .object({
    tax_rate_bp: z
      .number({ error: MSG.orderTaxRateInvalid })
      .int(MSG.orderTaxRateInvalid)
      .min(0, MSG.orderTaxRateInvalid)
      .max(TAX_RATE_MAX_BP, MSG.orderTaxRateInvalid)
      .optional(),
    tax_cents: z
      .number({ error: MSG.orderTaxInvalid })
      .int(MSG.orderTaxInvalid)
      .min(0, MSG.orderTaxInvalid)
      .max(10_000_000, MSG.orderTaxInvalid)
      .optional(),
  })
  .refine((b) => (b.tax_rate_bp === undefined) !== (b.tax_cents === undefined), {
    message: MSG.orderTaxRateOrAmount,
    path: ['tax_cents'],
  });
export type TAdminOrderTaxBody = z.input<typeof AdminOrderTaxBody>;

/** POST /api/admin/orders/:id/cancel-request: approve (cancels the order) or decline with a message. */
export const AdminCancelAnswerBody = z.discriminatedUnion(
  'answer',
  [
    z.object({ answer: z.literal('approve'), message: z.string().trim().max(2000).optional() }),
    z.object({
      answer: z.literal('decline'),
      message: z
        .string({ error: MSG.cancelDeclineMessageRequired })
        .trim()
        .min(1, MSG.cancelDeclineMessageRequired)
        .max(2000),
    }),
  ],
  { error: MSG.invalidValue },
);
export type TAdminCancelAnswerBody = z.input<typeof AdminCancelAnswerBody>;

export const AdminOrderActionResponse = successWith({});

/** GET /api/admin/orders/:id/document: the order's invoice (issued, numbered, on first asking) or quote, dated today. */
export const AdminOrderDocumentQuery = z.object({
  type: z.enum(ORDER_DOCUMENT_TYPES, { error: MSG.documentTypeInvalid }).default('invoice'),
});
