import { z } from 'zod';
import { successWith } from './envelope.ts';
import './zod-messages.ts';

/**
 * The back office's start page (GET /api/admin/dashboard): one answer of a few aggregates.
 * Figures about schools' orders are null for a sales rep, to whom orders do not belong;
 * a rep's sponsor figures count their own sponsors only.
 */

/** Orders that left Pending (and were not cancelled) for one school year, and their totals. */
export const DashboardYear = z.object({
  school_year: z.string(),
  orders: z.number().int(),
  total_cents: z.number().int(),
});
export type TDashboardYear = z.infer<typeof DashboardYear>;

export const AdminDashboardResponse = successWith({
  /** Oldest school year first; null for a rep. */
  reservations: z.array(DashboardYear).nullable(),
  /** Approved sponsorships (Approved or Partial): their totals less what has been paid. */
  sponsors_owe_cents: z.number().int(),
  /** How many such sponsorships have something left to pay. */
  sponsorships_owing: z.number().int(),
  /** Orders invoiced, not cancelled and unpaid: their totals; null for a rep. */
  schools_owe_cents: z.number().int().nullable(),
  orders_owing: z.number().int().nullable(),
  /** Orders whose cancel request waits for an answer; null for a rep. */
  cancel_requests: z.number().int().nullable(),
  /** Sent enquiries neither answered nor closed. */
  enquiries_open: z.number().int(),
  /** Orders with a proof waiting for the school's answer; null for a rep. */
  proofs_waiting: z.number().int().nullable(),
  /** Problem payments waiting for an administrator's decision (decision 035); null for a rep. */
  payment_problems: z.number().int().nullable(),
  /** Card disputes still open at the gateway (decision 041); null for a rep. */
  payment_disputes: z.number().int().nullable(),
});
export type TAdminDashboardResponse = z.infer<typeof AdminDashboardResponse>;
