import type { TAdminSponsorshipDetailResponse } from '@portal/contracts/admin-sponsorships';
import { itemsEditable, leftToPay } from '@portal/contracts/sponsorship-rules';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  pay_links,
  payment_allocations,
  payments,
  sponsors,
  sponsorship_transactions,
  users,
} from '../../../db/schema/index.ts';
import { recordHistory } from '../../audit/record-history.ts';
import { recordedByStaff } from '../../payments/payment-kinds.ts';
import { leftToRefund, refundsOf } from '../../payments/refund-payment.ts';
import type { Staff } from '../staff.ts';
import { itemsOf } from './sponsorship-items.ts';
import { findStaffSponsorship } from './staff-sponsorship.ts';

const nameOf = sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.email}, '')`;

/** A sponsorship as staff see it: facts, items, every payment attempt, payments in flight, links sent and its history. */
export async function getAdminSponsorship(
  db: Executor,
  staff: Staff,
  id: number,
): Promise<TAdminSponsorshipDetailResponse> {
  const s = await findStaffSponsorship(db, staff, id);
  const [sponsor] = await db
    .select({ company: sponsors.business_name, email: users.email, srep_id: sponsors.srep_id })
    .from(sponsors)
    .innerJoin(users, eq(users.id, sponsors.user_id))
    .where(eq(sponsors.user_id, s.sponsor_user_id));
  const [rep] = sponsor?.srep_id
    ? await db.select({ name: nameOf }).from(users).where(eq(users.id, sponsor.srep_id))
    : [];
  const [items, transactions, inFlight, links, history] = await Promise.all([
    itemsOf(db, id),
    db
      .select({
        id: sponsorship_transactions.id,
        payment_id: sponsorship_transactions.payment_id,
        gateway: payments.gateway,
        share_cents: payment_allocations.amount_cents,
        payment_date: sponsorship_transactions.payment_date,
        payment_status: sponsorship_transactions.payment_status,
        transaction_id: sponsorship_transactions.transaction_id,
        amount_cents: sponsorship_transactions.amount_cents,
      })
      .from(sponsorship_transactions)
      .leftJoin(payments, eq(payments.id, sponsorship_transactions.payment_id))
      .leftJoin(
        payment_allocations,
        and(
          eq(payment_allocations.payment_id, sponsorship_transactions.payment_id),
          eq(payment_allocations.sponsorship_id, id),
        ),
      )
      .where(eq(sponsorship_transactions.sponsorship_id, id))
      .orderBy(desc(sponsorship_transactions.payment_date), desc(sponsorship_transactions.id)),
    db
      .select({
        payment_id: payments.id,
        amount_cents: payment_allocations.amount_cents,
        started_at: payments.created_at,
        gateway: payments.gateway,
      })
      .from(payment_allocations)
      .innerJoin(payments, eq(payments.id, payment_allocations.payment_id))
      .where(and(eq(payment_allocations.sponsorship_id, id), eq(payments.status, 'pending')))
      .orderBy(asc(payments.id)),
    db
      .select({
        id: pay_links.id,
        created_at: pay_links.created_at,
        amount_cents: pay_links.amount_cents,
        expires_at: pay_links.expires_at,
        created_by: nameOf,
      })
      .from(pay_links)
      .leftJoin(users, eq(users.id, pay_links.created_by))
      .where(eq(pay_links.sponsorship_id, id))
      .orderBy(desc(pay_links.id)),
    recordHistory(db, 'sponsorship', id),
  ]);
  const given = await refundsOf(db, { sponsorshipId: id });
  const inFlightCents = inFlight.reduce((sum, p) => sum + p.amount_cents, 0);
  return {
    status: 'success',
    message: 'ok',
    sponsorship: {
      sponsorship_id: s.id,
      sponsor_user_id: s.sponsor_user_id,
      sponsor: sponsor?.company || sponsor?.email || '',
      sponsor_email: sponsor?.email ?? '',
      rep: rep?.name ?? '',
      year: s.year,
      status: s.status,
      total_qty: s.total_qty,
      total_cents: s.total_cents,
      paid_cents: s.paid_cents,
      left_cents: leftToPay(s),
      in_flight_cents: inFlightCents,
      created_at: s.created_at.toISOString(),
      updated_at: s.updated_at.toISOString(),
      can_edit: itemsEditable(s, inFlightCents),
      can_approve: s.status === 'Requested',
    },
    items,
    transactions: transactions.map(({ gateway, share_cents, ...t }) => ({
      ...t,
      payment_date: t.payment_date.toISOString(),
      by_hand: gateway !== null && recordedByStaff(gateway),
      // What is left to refund of this payment's share of the sponsorship (a refund's own row: nothing).
      refundable_cents:
        t.payment_id === null || share_cents === null || t.payment_status !== 1
          ? 0
          : leftToRefund(
              { id: t.payment_id, amount_cents: share_cents, status: 'succeeded', sponsorship_id: id },
              given,
            ),
    })),
    in_flight: inFlight.map((p) => ({ ...p, started_at: p.started_at.toISOString() })),
    pay_links: links.map((l) => ({
      ...l,
      created_at: l.created_at.toISOString(),
      expires_at: l.expires_at.toISOString(),
    })),
    history,
  };
}
