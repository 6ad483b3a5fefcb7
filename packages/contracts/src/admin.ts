import { z } from 'zod';
import { LoginBody, LoginResponse } from './auth.ts';
import { USER_TYPE } from './constants.ts';
import { successWith } from './envelope.ts';
import { afterQuery, cappedTotal, nextCursor } from './paging.ts';
import { queryInt } from './query.ts';
import './zod-messages.ts';

/** The provider's staff (D15): administrators see everything, a sales rep their own sponsors. */
export const STAFF_ROLES = ['admin', 'rep'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_OF: Record<number, StaffRole> = {
  [USER_TYPE.admin]: 'admin',
  [USER_TYPE.salesRep]: 'rep',
};

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrator', rep: 'Sales representative' };

/** POST /api/admin/login: the employee login. */
export const AdminLoginBody = LoginBody.pick({ username: true, password: true, remember: true });
export type TAdminLoginBody = z.input<typeof AdminLoginBody>;
export const AdminLoginResponse = LoginResponse;
export type TAdminLoginResponse = z.infer<typeof AdminLoginResponse>;

/** GET /api/admin/me: who is signed in to the back office. */
export const StaffMeResponse = successWith({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type TStaffMeResponse = z.infer<typeof StaffMeResponse>;

/** The records whose changes the audit log keeps. */
export const AUDIT_ENTITIES = [
  'order',
  'payment',
  'sponsorship',
  'sponsor',
  'school',
  'enquiry',
  'product',
  'category',
  'cost-sheet',
  'setting',
  'account',
  'contact-request',
  'content-page',
  'testimonial',
  'faq',
  'faq-category',
  'order-proof',
  /** Any account's sign-in: password resets asked for and made (entity_id the user id). */
  'user',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What staff read for each kind of record in the audit log. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  order: 'Order',
  payment: 'Payment',
  sponsorship: 'Sponsorship',
  sponsor: 'Sponsor',
  school: 'School',
  enquiry: 'Enquiry',
  product: 'Product',
  category: 'Category',
  'cost-sheet': 'Cost sheet',
  setting: 'Site setting',
  account: 'Staff account',
  'contact-request': 'Contact request',
  'content-page': 'Content page',
  testimonial: 'Testimonial',
  faq: 'FAQ',
  'faq-category': 'FAQ topic',
  'order-proof': 'Proof',
  user: 'User account',
};

/** What staff read for an action whose word alone says too little; others are shown as written. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_in_locked: 'Sign-in refused: too many attempts',
  password_reset_requested: 'Password reset asked for',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  create: 'Created',
  'payment-started': 'Payment started',
  'payment-failed': 'Payment failed',
  'payment-amount-mismatch': 'Another amount paid than asked',
  'payment-unrecordable': 'Payment could not be counted',
  'payment-problem-resolved': 'Problem payment decided',
  'dispute-opened': 'Card dispute opened',
  'dispute-won': 'Card dispute won',
  'dispute-lost': 'Card dispute lost',
  'gateway-refund-unrecorded': 'Refunded at the gateway beyond what was left',
};

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/auditlog: the whole log, newest first, narrowed by record, person or words. */
export const AuditLogQuery = z.object({
  entity: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(40).optional(),
  actor_user_id: queryInt('actor_user_id', { min: 1 }).optional(),
  q: z.string().trim().max(200).optional(),
  page: queryInt('page', { min: 1, max: 100_000 }).default(1),
  after: afterQuery,
});
export type TAuditLogQuery = z.input<typeof AuditLogQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_user_id: z.number().int().nullable(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The address the request came from, where one was kept: in the audit log (administrators), not in a record's history. */
  ip: z.string().nullable().optional(),
});
export type TAuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogResponse = successWith({
  entries: z.array(AuditEntry),
  ...cappedTotal,
  next: nextCursor,
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TAuditLogResponse = z.infer<typeof AuditLogResponse>;
