import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG } from './messages.ts';
import { ORDER_STATUSES } from './orders.ts';
import { afterQuery, cappedTotal, nextCursor } from './paging.ts';
import { SchoolDetails } from './profiles.ts';
import { queryInt } from './query.ts';
import { PAYMENT_STATUSES } from './school-orders.ts';
import './zod-messages.ts';

/**
 * The schools in the back office (D15): administrators and sales reps read every school
 * (schools belong to no rep); only administrators change one (enable, disable).
 */

export const ADMIN_SCHOOLS_PAGE_SIZE = 25;
export const SCHOOL_SORTS = ['name_asc', 'name_desc', 'created_desc', 'created_asc', 'orders_desc'] as const;
export type SchoolSort = (typeof SCHOOL_SORTS)[number];

/** A tax certificate is flagged this many days before it expires. */
export const CERTIFICATE_WARNING_DAYS = 30;

/** Where a tax certificate stands: no date given, valid, expiring within 30 days, or expired. */
export const CERTIFICATE_STATES = ['none', 'no-date', 'valid', 'expiring', 'expired'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/**
 * The one rule for the list, the detail and the screens: expired once its day has passed,
 * expiring when it ends within CERTIFICATE_WARNING_DAYS of `today` (both YYYY-MM-DD).
 */
export function certificateState(expiresOn: string | null | undefined, today: string): CertificateState {
  if (expiresOn === undefined) return 'none';
  if (expiresOn === null) return 'no-date';
  if (expiresOn < today) return 'expired';
  const warnFrom = new Date(`${expiresOn}T00:00:00Z`);
  warnFrom.setUTCDate(warnFrom.getUTCDate() - CERTIFICATE_WARNING_DAYS);
  return warnFrom.toISOString().slice(0, 10) <= today ? 'expiring' : 'valid';
}

/** Flagged for staff: expired, or expiring soon. */
export const certificateFlagged = (state: CertificateState) => state === 'expired' || state === 'expiring';

/** GET /api/admin/schools */
export const AdminSchoolsQuery = z.object({
  /** Words of the school's name, its contact, its e-mail or its city. */
  q: z.string().trim().max(200).optional(),
  sort: z.enum(SCHOOL_SORTS, { error: MSG.invalidValue }).default('name_asc'),
  page: queryInt('page', { min: 1, max: 100_000 }).default(1),
  /** Every sort but 'orders_desc' (numbered pages only: its value is counted per school). */
  after: afterQuery,
});
export type TAdminSchoolsQuery = z.input<typeof AdminSchoolsQuery>;

export const AdminSchoolRow = z.object({
  user_id: z.number().int(),
  school_name: z.string(),
  primary_name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  /** The state's two-letter code, '' when not given. */
  state: z.string(),
  /** 1 active, 0 disabled. */
  status: z.number().int(),
  orders: z.number().int(),
  /** The newest tax certificate's expiry (null: none given) and where it stands. */
  certificate_expires_on: z.string().nullable(),
  certificate: z.enum(CERTIFICATE_STATES),
  created_at: z.string(),
});
export type TAdminSchoolRow = z.infer<typeof AdminSchoolRow>;

export const AdminSchoolsResponse = successWith({
  schools: z.array(AdminSchoolRow),
  ...cappedTotal,
  /** Always null for the sort by orders, which pages by number only. */
  next: nextCursor,
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TAdminSchoolsResponse = z.infer<typeof AdminSchoolsResponse>;

export const AdminSchoolOrder = z.object({
  order_id: z.number().int(),
  order_date: z.string(),
  product: z.string(),
  school_year: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total_cents: z.number().int(),
});
export type TAdminSchoolOrder = z.infer<typeof AdminSchoolOrder>;

export const AdminSchoolCertificate = z.object({
  id: z.number().int(),
  file_name: z.string(),
  /** The stored file's name: staff download it at /api/orderfile/<stored_name>. */
  stored_name: z.string(),
  uploaded_at: z.string(),
  expires_on: z.string().nullable(),
  state: z.enum(CERTIFICATE_STATES),
  /** The newest one is the school's current certificate. */
  current: z.boolean(),
});
export type TAdminSchoolCertificate = z.infer<typeof AdminSchoolCertificate>;

export const AdminSchoolDetail = z.object({
  user_id: z.number().int(),
  details: SchoolDetails,
  /** 1 active, 0 disabled. */
  status: z.number().int(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  orders: z.array(AdminSchoolOrder),
  /** How many orders it has in all (the list shows the newest 50). */
  orders_total: z.number().int(),
  certificates: z.array(AdminSchoolCertificate),
});
export type TAdminSchoolDetail = z.infer<typeof AdminSchoolDetail>;
export const AdminSchoolResponse = successWith({ school: AdminSchoolDetail });
export type TAdminSchoolResponse = z.infer<typeof AdminSchoolResponse>;

/** POST /api/admin/schools/:id/status (administrators): 1 enable, 0 disable (signs the school out). */
export const SchoolStatusBody = z.object({
  status: z.union([z.literal(0), z.literal(1)], { error: MSG.invalidValue }),
});
export type TSchoolStatusBody = z.input<typeof SchoolStatusBody>;
