import { z } from 'zod';
import { LIST_PAGE_SIZE } from './constants.ts';
import { successWith } from './envelope.ts';
import { emailField, phoneField, requiredText } from './fields.ts';
import { idempotencyKey } from './idempotency.ts';
import { MSG, tooLong } from './messages.ts';
import { PagedQuery, pagedResponse } from './paging.ts';
import './zod-messages.ts';

/**
 * A sponsor's enquiries about enquiry-only products (spec §2 enquire-now, enquiry-confirmed,
 * sponsor/orders; §3, §4, §5 sponsor enquiry form; §7 tempenq, updatetoenq, enquiryconfirm;
 * D2 enquiries, enquirydetails). Wire names keep the spec's spelling (D6): `is_submited`.
 */

/** Enquiries a page of the list holds (spec §9). */
export const ENQUIRIES_PAGE_SIZE = LIST_PAGE_SIZE;

const MESSAGE_MAX = 5000;

const enquiryKey = (required: string) => z.string({ error: required }).trim().min(1, required).max(100, tooLong(100));

/** The sponsor enquiry form (spec §5). */
export const EnquiryFields = z.object({
  fullname: requiredText(MSG.yourNameRequired),
  email: emailField(MSG.validEmailAddress),
  phone: phoneField(MSG.phoneRequired),
  company: requiredText(MSG.companyNameRequired),
  message: requiredText(MSG.required, MESSAGE_MAX),
});
export type TEnquiryFields = z.input<typeof EnquiryFields>;

/** GET /api/tempenq: the enquiry being written; `enq_id` is its key (spec §2, §7). */
export const TempEnquiryQuery = z.object({ enq_id: enquiryKey(MSG.enqIdRequired) });

export const EnquiryProduct = z.object({
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  regular_price_html: z.string(),
});
export type TEnquiryProduct = z.infer<typeof EnquiryProduct>;

export const TempEnquiryResponse = successWith({
  enq_id: z.number().int(),
  /** 1 once the form has been sent: the screen then shows the confirmation instead. */
  is_submited: z.union([z.literal(0), z.literal(1)]),
  product: EnquiryProduct,
  /** The sponsor's profile, to prefill the form. */
  userinfo: z.object({
    primary_name: z.string(),
    primary_email: z.string(),
    primary_phone: z.string(),
    business_name: z.string(),
  }),
});
export type TTempEnquiryResponse = z.infer<typeof TempEnquiryResponse>;

/** POST /api/updatetoenq: sends the form; sent again, it is the same enquiry (spec §4, §7). */
export const UpdateToEnquiryBody = EnquiryFields.extend({
  enq_id: enquiryKey(MSG.enqIdRequired),
  send_email: z.coerce.number({ error: MSG.sendEmailInvalid }).pipe(z.literal(1, MSG.sendEmailInvalid)).default(1),
  idempotency_key: idempotencyKey(),
});
export type TUpdateToEnquiryBody = z.input<typeof UpdateToEnquiryBody>;
export const UpdateToEnquiryResponse = successWith({ enq_key: z.string() });
export type TUpdateToEnquiryResponse = z.infer<typeof UpdateToEnquiryResponse>;

/** GET /api/enquiryconfirm (spec §7). */
export const EnquiryConfirmQuery = z.object({ enq_key: enquiryKey(MSG.enqKeyRequired) });
export const EnquiryConfirmResponse = successWith({
  enq_id: z.number().int(),
  is_submited: z.union([z.literal(0), z.literal(1)]),
});
export type TEnquiryConfirmResponse = z.infer<typeof EnquiryConfirmResponse>;

/** Where a sent enquiry stands; replies arrive with the back office. */
export const ENQUIRY_STATUSES = ['Received'] as const;

/** An enquiry as the list shows it. */
export const EnquirySummary = z.object({
  enq_id: z.number().int(),
  enq_key: z.string(),
  /** When it was sent: an ISO date and time. */
  enq_date: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  product: z.object({ name: z.string(), slug: z.string() }),
});
export type TEnquirySummary = z.infer<typeof EnquirySummary>;

/** GET /api/enquiries: a page of the sponsor's sent enquiries, newest first. */
export const EnquiriesQuery = PagedQuery;
export const EnquiriesResponse = pagedResponse({ enquiries: z.array(EnquirySummary) });
export type TEnquiriesResponse = z.infer<typeof EnquiriesResponse>;

/** GET /api/enquirydetails: one sent enquiry in full. */
export const EnquiryDetailsQuery = z.object({ enq_key: enquiryKey(MSG.enqKeyRequired) });
export const EnquiryReply = z.object({ date: z.string(), from: z.string(), message: z.string() });
export const EnquiryDetailsResponse = successWith({
  enquiry: EnquirySummary.extend({
    product: EnquiryProduct,
    qty: z.number().int(),
    fullname: z.string(),
    email: z.string(),
    phone: z.string(),
    company: z.string(),
    message: z.string(),
    /** The sales rep it went to; blank when the sponsor has none yet (it went to support). */
    sales_rep: z.string(),
  }),
  replies: z.array(EnquiryReply),
});
export type TEnquiryDetailsResponse = z.infer<typeof EnquiryDetailsResponse>;
