import { z } from 'zod';
import { AuditEntry } from './admin.ts';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { afterQuery, cappedTotal, nextCursor } from './paging.ts';
import { SponsorProfileFields } from './profiles.ts';
import { queryInt } from './query.ts';
import './zod-messages.ts';

/**
 * The back office's sponsors, their enquiries, and the contact and sponsor requests (D15):
 * staff create sponsors (who never register themselves), reply to enquiries, and mark
 * requests handled. A sales rep sees only their own sponsors and those sponsors' enquiries.
 */

export const ADMIN_LIST_PAGE_SIZE = 25;

const pageQuery = queryInt('page', { min: 1, max: 100_000 }).default(1);
const searchQuery = z.string().trim().max(200).optional();
const optionalRepId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: MSG.unknownSalesRep }).int(MSG.unknownSalesRep).min(1, MSG.unknownSalesRep).optional(),
);

// ---------------------------------------------------------------- sponsors

export const SPONSOR_SORTS = ['created_desc', 'created_asc', 'company_asc', 'company_desc'] as const;

/** GET /api/admin/sponsors */
export const AdminSponsorsQuery = z.object({
  q: searchQuery,
  /** Administrators only: a rep's list is always their own. */
  srep_id: queryInt('srep_id', { min: 1 }).optional(),
  sort: z.enum(SPONSOR_SORTS, { error: MSG.invalidValue }).default('created_desc'),
  page: pageQuery,
  after: afterQuery,
});
export type TAdminSponsorsQuery = z.input<typeof AdminSponsorsQuery>;

export const AdminSponsorRow = z.object({
  user_id: z.number().int(),
  business_name: z.string(),
  primary_name: z.string(),
  email: z.string(),
  primary_phone: z.string(),
  srep_id: z.number().int().nullable(),
  rep_name: z.string(),
  /** 1 active, 0 disabled. */
  status: z.number().int(),
  /** False until the sponsor has set a password with the invitation. */
  has_password: z.boolean(),
  sponsorships: z.number().int(),
  owed_cents: z.number().int(),
  created_at: z.string(),
});
export type TAdminSponsorRow = z.infer<typeof AdminSponsorRow>;

export const AdminSponsorsResponse = successWith({
  sponsors: z.array(AdminSponsorRow),
  ...cappedTotal,
  next: nextCursor,
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TAdminSponsorsResponse = z.infer<typeof AdminSponsorsResponse>;

/**
 * What staff fill in for a sponsor: the profile's own field rules. The address the sponsor
 * completes on its profile; the sales rep is chosen by an administrator (a rep gets themselves).
 */
export const AdminSponsorFields = SponsorProfileFields.pick({
  business_name: true,
  primary_name: true,
  primary_email: true,
  primary_phone: true,
  phone_number: true,
  website: true,
  secondary_name: true,
  secondary_email: true,
  secondary_phone: true,
}).extend({ srep_id: optionalRepId });
export type TAdminSponsorFields = z.input<typeof AdminSponsorFields>;

/** POST /api/admin/sponsors */
export const CreateSponsorBody = AdminSponsorFields;
export const CreateSponsorResponse = successWith({ user_id: z.number().int() });
export type TCreateSponsorResponse = z.infer<typeof CreateSponsorResponse>;

/** `:id` in a back office address: a sponsor's user id, an enquiry's or a request's id. */
export const RecordIdParams = z.object({ id: queryInt('id', { min: 1, max: 2_147_483_647 }) });

/**
 * POST /api/admin/sponsors/:id: the profile; srep_id is read only from administrators.
 * `version` is the detail's own, as the form was opened: a save over a change made
 * meanwhile (another tab, another staff member) is refused rather than undoing it.
 */
export const UpdateSponsorBody = AdminSponsorFields.extend({ version: z.string().max(40).optional() });
export type TUpdateSponsorBody = z.input<typeof UpdateSponsorBody>;

/** POST /api/admin/sponsors/:id/status */
export const SponsorStatusBody = z.object({
  status: z.union([z.literal(0), z.literal(1)], { error: MSG.invalidValue }),
});

export const AdminSponsorEnquiryRow = z.object({
  id: z.number().int(),
  product: z.string(),
  submitted_at: z.string(),
  state: z.enum(['open', 'answered', 'closed']),
});
export const AdminSponsorSponsorshipRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  status: z.string(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
});

export const AdminSponsorDetail = z.object({
  user_id: z.number().int(),
  business_name: z.string(),
  primary_name: z.string(),
  primary_email: z.string(),
  primary_phone: z.string(),
  phone_number: z.string(),
  website: z.string(),
  secondary_name: z.string(),
  secondary_email: z.string(),
  secondary_phone: z.string(),
  address: z.string(),
  city: z.string(),
  zip: z.string(),
  srep_id: z.number().int().nullable(),
  rep_name: z.string(),
  status: z.number().int(),
  has_password: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /** When the profile last changed: sent back with an edit. */
  version: z.string(),
  enquiries: z.array(AdminSponsorEnquiryRow),
  sponsorships: z.array(AdminSponsorSponsorshipRow),
});
export type TAdminSponsorDetail = z.infer<typeof AdminSponsorDetail>;
export const AdminSponsorResponse = successWith({ sponsor: AdminSponsorDetail });
export type TAdminSponsorResponse = z.infer<typeof AdminSponsorResponse>;

/** A record's own history: its audit entries, newest first. */
export const RecordHistoryResponse = successWith({ entries: z.array(AuditEntry) });
export type TRecordHistoryResponse = z.infer<typeof RecordHistoryResponse>;

// ---------------------------------------------------------------- enquiries

export const ENQUIRY_FILTERS = ['all', 'open', 'answered', 'closed'] as const;
export const REPLY_MAX = 4000;

/** GET /api/admin/enquiries */
export const AdminEnquiriesQuery = z.object({
  q: searchQuery,
  state: z.enum(ENQUIRY_FILTERS, { error: MSG.invalidValue }).default('all'),
  page: pageQuery,
  after: afterQuery,
});
export type TAdminEnquiriesQuery = z.input<typeof AdminEnquiriesQuery>;

export const AdminEnquiryRow = z.object({
  id: z.number().int(),
  submitted_at: z.string(),
  sponsor_user_id: z.number().int(),
  business_name: z.string(),
  fullname: z.string(),
  product: z.string(),
  qty: z.number().int(),
  rep_name: z.string(),
  replies: z.number().int(),
  state: z.enum(['open', 'answered', 'closed']),
});
export type TAdminEnquiryRow = z.infer<typeof AdminEnquiryRow>;

export const AdminEnquiriesResponse = successWith({
  enquiries: z.array(AdminEnquiryRow),
  ...cappedTotal,
  next: nextCursor,
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TAdminEnquiriesResponse = z.infer<typeof AdminEnquiriesResponse>;

export const AdminEnquiryReply = z.object({
  id: z.number().int(),
  author: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export const AdminEnquiryDetail = AdminEnquiryRow.extend({
  enq_key: z.string(),
  product_slug: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  message: z.string(),
  closed_at: z.string().nullable(),
  thread: z.array(AdminEnquiryReply),
});
export type TAdminEnquiryDetail = z.infer<typeof AdminEnquiryDetail>;
export const AdminEnquiryResponse = successWith({ enquiry: AdminEnquiryDetail });
export type TAdminEnquiryResponse = z.infer<typeof AdminEnquiryResponse>;

/** POST /api/admin/enquiries/:id/replies */
export const EnquiryReplyBody = z.object({
  message: z
    .string({ error: MSG.enquiryReplyRequired })
    .trim()
    .min(1, MSG.enquiryReplyRequired)
    .max(REPLY_MAX, tooLong(REPLY_MAX)),
});
export type TEnquiryReplyBody = z.input<typeof EnquiryReplyBody>;

/** POST /api/admin/enquiries/:id/close */
export const EnquiryCloseBody = z.object({ closed: z.boolean({ error: MSG.invalidValue }) });

// ---------------------------------------------------------------- contact and sponsor requests

export const REQUEST_KINDS = ['contact', 'sponsor'] as const;
export const REQUEST_FILTERS = ['open', 'handled', 'all'] as const;

/** GET /api/admin/requests */
export const AdminRequestsQuery = z.object({
  q: searchQuery,
  kind: z.enum(REQUEST_KINDS, { error: MSG.invalidValue }).optional(),
  state: z.enum(REQUEST_FILTERS, { error: MSG.invalidValue }).default('open'),
  page: pageQuery,
});
export type TAdminRequestsQuery = z.input<typeof AdminRequestsQuery>;

export const AdminRequestRow = z.object({
  id: z.number().int(),
  kind: z.enum(REQUEST_KINDS),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  city: z.string(),
  state: z.string(),
  message: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string(),
});
export type TAdminRequestRow = z.infer<typeof AdminRequestRow>;
export const AdminRequestsResponse = successWith({
  requests: z.array(AdminRequestRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TAdminRequestsResponse = z.infer<typeof AdminRequestsResponse>;

/** POST /api/admin/requests/:id/handled */
export const RequestHandledBody = z.object({ handled: z.boolean({ error: MSG.invalidValue }) });
