import type { TAdminDashboardResponse } from '@portal/contracts/admin-dashboard';
import { asc, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { contact_requests, enquiries, order_proofs, order_year_totals } from '../../../db/schema/index.ts';
import { countOpenDisputes } from '../../payments/list-payment-disputes.ts';
import { listPaymentProblems } from '../../payments/payment-problems.ts';
import { enquiryStateSql } from '../sponsors/get-staff-sponsor.ts';
import { repScope, type Staff } from '../staff.ts';
import { owedTotals } from './owed-totals.ts';

/**
 * Orders that left Pending and were not cancelled, and their totals, per school year (oldest
 * first), as the trigger on orders keeps them; a year whose orders all went is left out.
 */
function reservationsByYear(db: Database) {
  return db
    .select({
      school_year: order_year_totals.school_year,
      orders: order_year_totals.orders,
      total_cents: order_year_totals.total_cents,
    })
    .from(order_year_totals)
    .where(gt(order_year_totals.orders, 0))
    .orderBy(asc(order_year_totals.school_year));
}

/**
 * How many orders wait for staff: a cancel request unanswered, a proof unanswered by the
 * school; counted as the orders list's filters find them, from the few open requests and
 * waiting proofs (their partial indexes), never from every order.
 */
async function orderCounts(db: Database) {
  const result = await db.execute<{ cancel_requests: number; proofs_waiting: number }>(sql`
    select (select count(distinct ${contact_requests.order_id}) from ${contact_requests}
             where ${contact_requests.kind} = 'cancel' and ${contact_requests.handled_at} is null
               and ${contact_requests.order_id} is not null)::int as cancel_requests,
           (select count(distinct ${order_proofs.order_id}) from ${order_proofs}
             where ${order_proofs.status} = 'waiting')::int as proofs_waiting`);
  const row = result.rows[0];
  return { cancel_requests: row?.cancel_requests ?? 0, proofs_waiting: row?.proofs_waiting ?? 0 };
}

/** Sent enquiries neither answered nor closed (the enquiries list's "open"): the rep's own for a rep. */
async function openEnquiries(db: Database, repId: number | undefined) {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${enquiries}
    where ${enquiries.submitted_at} is not null and ${enquiryStateSql} = 'open'
      and ${repId === undefined ? sql`true` : sql`${enquiries.srep_id} = ${repId}`}`);
  return result.rows[0]?.n ?? 0;
}

/**
 * The back office's start page in one answer, from a few aggregate queries run together.
 * A rep sees their own sponsors' figures; what concerns schools' orders is left out.
 */
export async function getDashboard(db: Database, staff: Staff, today: Date): Promise<TAdminDashboardResponse> {
  const repId = repScope(staff);
  const admin = repId === undefined;
  const [owed, enquiriesOpen, years, counts, problems, disputes] = await Promise.all([
    owedTotals(db, repId, today),
    openEnquiries(db, repId),
    admin ? reservationsByYear(db) : null,
    admin ? orderCounts(db) : null,
    admin ? listPaymentProblems(db) : null,
    admin ? countOpenDisputes(db) : null,
  ]);
  return {
    status: 'success',
    message: 'ok',
    reservations: years,
    sponsors_owe_cents: owed.sponsorsOweCents,
    sponsorships_owing: owed.sponsorshipsOwing,
    schools_owe_cents: owed.schoolsOweCents,
    orders_owing: owed.ordersOwing,
    cancel_requests: counts?.cancel_requests ?? null,
    enquiries_open: enquiriesOpen,
    proofs_waiting: counts?.proofs_waiting ?? null,
    // The list itself, counted: problem payments are few, and the figure is then what the screen shows.
    payment_problems: problems?.length ?? null,
    payment_disputes: disputes,
  };
}
