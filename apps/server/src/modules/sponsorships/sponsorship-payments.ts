import { MSG, sponsorshipAmountTooHigh } from '@portal/contracts/messages';
import { centsToDecimal, formatMoney } from '@portal/contracts/money';
import { PAYABLE_SPONSORSHIP_STATUSES } from '@portal/contracts/sponsorships';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payment_allocations, payments, sponsorship_transactions, sponsorships, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { renderMail } from '../mail/layout.ts';
import {
  OFFLINE_GATEWAY,
  type PaymentKindHandlers,
  type PaymentRecord,
  type RefundRecord,
} from '../payments/payment-kinds.ts';
import { receiptDate } from '../payments/payment-receipt.ts';

const isPayable = (status: string) => (PAYABLE_SPONSORSHIP_STATUSES as readonly string[]).includes(status);

/** Cents of each sponsorship's pending payments: money that may still arrive for it. */
export async function inFlightCents(db: Executor, sponsorshipIds: number[]): Promise<Map<number, number>> {
  if (sponsorshipIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: payment_allocations.sponsorship_id,
      cents: sql<number>`coalesce(sum(${payment_allocations.amount_cents}), 0)::int`,
    })
    .from(payment_allocations)
    .innerJoin(payments, eq(payments.id, payment_allocations.payment_id))
    .where(and(inArray(payment_allocations.sponsorship_id, sponsorshipIds), eq(payments.status, 'pending')))
    .groupBy(payment_allocations.sponsorship_id);
  return new Map(rows.map((r) => [r.id, r.cents]));
}

async function allocationsOf(tx: Executor, paymentId: number) {
  return tx
    .select({ sponsorship_id: payment_allocations.sponsorship_id, amount_cents: payment_allocations.amount_cents })
    .from(payment_allocations)
    .where(eq(payment_allocations.payment_id, paymentId))
    .orderBy(asc(payment_allocations.sponsorship_id));
}

/** The sponsor's receipt for a card payment of one or several sponsorships (D14). */
export function renderSponsorshipReceipt(
  publicUrl: string,
  payment: PaymentRecord,
  paid: { sponsorship_id: number; amount_cents: number }[],
) {
  const ids = paid.map((p) => `#${p.sponsorship_id}`).join(', ');
  const single = paid.length === 1 && paid[0];
  return renderMail({
    subject: single
      ? `Payment received for sponsorship #${single.sponsorship_id}`
      : 'Payment received for your sponsorships',
    paragraphs: [
      `Thank you: we have received your ${payment.gateway === OFFLINE_GATEWAY ? `payment (${payment.gateway_ref ?? ''})` : 'card payment'} of ${formatMoney(payment.amount_cents)} for ${single ? 'sponsorship' : 'sponsorships'} ${ids}.`,
      {
        table: {
          head: ['Sponsorship', 'Amount paid'],
          rows: paid.map((p) => [`#${p.sponsorship_id}`, formatMoney(p.amount_cents)]),
          totals: [['Total paid', formatMoney(payment.amount_cents)]],
        },
      },
      `Date: ${receiptDate(payment.confirmed_at ?? new Date())}`,
      `Payment reference: ${payment.gateway_ref ?? ''}`,
      'Keep this e-mail as your receipt.',
    ],
    action: single
      ? { label: 'View your sponsorship', url: `${publicUrl}/sponsor/sponsorship/${single.sponsorship_id}` }
      : { label: 'View your sponsorships', url: `${publicUrl}/sponsor/sponsorships` },
  });
}

/** The sponsor's notice of money given back of a sponsorship: how much, how, why, and what is left to pay. */
export function renderSponsorshipRefundNotice(
  publicUrl: string,
  sponsorshipId: number,
  refund: RefundRecord,
  leftCents: number,
) {
  return renderMail({
    subject: `Refund of ${formatMoney(refund.amount_cents)} for sponsorship #${sponsorshipId}`,
    paragraphs: [
      `We have refunded ${formatMoney(refund.amount_cents)} of your payment for sponsorship #${sponsorshipId}.`,
      refund.method === 'card'
        ? 'It goes back to the card you paid with; your bank may take a few days to show it.'
        : `It is sent to you by hand${refund.reference ? ` (${refund.reference})` : ''}.`,
      `Why: ${refund.reason}`,
      leftCents > 0
        ? `Still to pay on this sponsorship: ${formatMoney(leftCents)}.`
        : 'Nothing is left to pay on this sponsorship.',
      'Keep this e-mail with your receipts.',
    ],
    action: { label: 'View your sponsorship', url: `${publicUrl}/sponsor/sponsorship/${sponsorshipId}` },
  });
}

/**
 * What a card payment does to the sponsorships it pays: each is locked (in id order, so
 * that two payments never wait on each other) while a payment is started, and may be paid
 * no more than what is left once the payments already in flight are counted.
 */
export function sponsorshipPayments(publicUrl: string): PaymentKindHandlers {
  return {
    async attach(tx, payment, allocations) {
      const wanted = new Map<number, number>();
      for (const a of allocations) {
        if (!('sponsorship_id' in a)) throw new Error('a sponsorship payment pays sponsorships only');
        wanted.set(a.sponsorship_id, (wanted.get(a.sponsorship_id) ?? 0) + a.amount_cents);
      }
      const ids = [...wanted.keys()].sort((a, b) => a - b);
      const locked = await tx
        .select({
          id: sponsorships.id,
          sponsor: sponsorships.sponsor_user_id,
          status: sponsorships.status,
          total: sponsorships.total_cents,
          paid: sponsorships.paid_cents,
        })
        .from(sponsorships)
        .where(inArray(sponsorships.id, ids))
        .orderBy(asc(sponsorships.id))
        .for('update');
      const inFlight = await inFlightCents(tx, ids);
      for (const id of ids) {
        const row = locked.find((r) => r.id === id);
        if (!row || row.sponsor !== payment.user_id) throw notFound();
        const amount = wanted.get(id) ?? 0;
        const left = row.total - row.paid;
        if (!isPayable(row.status) || left <= 0) throw conflict(MSG.sponsorshipNothingToPay);
        if (amount <= 0 || amount > left) {
          throw badRequest(sponsorshipAmountTooHigh(centsToDecimal(left)), {
            amount: sponsorshipAmountTooHigh(centsToDecimal(left)),
          });
        }
        if (amount > left - (inFlight.get(id) ?? 0)) throw conflict(MSG.sponsorshipPaymentInProgress);
      }
      await tx
        .insert(payment_allocations)
        .values(ids.map((id) => ({ payment_id: payment.id, sponsorship_id: id, amount_cents: wanted.get(id) ?? 0 })));
    },

    async paid(tx, payment) {
      const paid = await allocationsOf(tx, payment.id);
      for (const a of paid) {
        // The CHECK on paid_cents refuses a payment beyond the total: the whole confirmation then rolls back.
        await tx
          .update(sponsorships)
          .set({
            paid_cents: sql`${sponsorships.paid_cents} + ${a.amount_cents}`,
            status: sql`case when ${sponsorships.paid_cents} + ${a.amount_cents} >= ${sponsorships.total_cents} then 'Completed' else 'Partial' end`,
          })
          .where(eq(sponsorships.id, a.sponsorship_id));
        await tx
          .insert(sponsorship_transactions)
          .values({
            sponsorship_id: a.sponsorship_id,
            payment_id: payment.id,
            transaction_id: payment.gateway_ref ?? '',
            amount_cents: a.amount_cents,
            payment_status: 1,
            payment_date: payment.confirmed_at ?? new Date(),
          })
          .onConflictDoUpdate({
            // A payment first marked failed, then paid after all (recordSucceeded): the attempt now counts.
            target: [sponsorship_transactions.payment_id, sponsorship_transactions.sponsorship_id],
            set: { payment_status: 1, payment_date: payment.confirmed_at ?? new Date() },
          });
      }
      const [sponsor] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.user_id));
      if (!sponsor || paid.length === 0) return undefined;
      return { to: sponsor.email, ...renderSponsorshipReceipt(publicUrl, payment, paid) };
    },

    async refunded(tx, payment, refund) {
      const id = refund.sponsorship_id;
      if (id == null) throw new Error(`refund ${refund.id} of a sponsorship payment names no sponsorship`);
      const left = sql`${sponsorships.paid_cents} - ${refund.amount_cents}`;
      // The CHECK on paid_cents refuses giving back more than it holds: the whole refund then rolls back.
      const [after] = await tx
        .update(sponsorships)
        .set({
          paid_cents: left,
          status: sql`case when ${left} > 0 and ${left} >= ${sponsorships.total_cents} then 'Completed'
            when ${left} > 0 then 'Partial' else 'Approved' end`,
        })
        .where(eq(sponsorships.id, id))
        .returning({ paid: sponsorships.paid_cents, total: sponsorships.total_cents });
      // The sponsor's list of what was paid shows what went back, so that it adds up to what is paid.
      await tx.insert(sponsorship_transactions).values({
        sponsorship_id: id,
        payment_id: null,
        transaction_id: refund.reference ?? `Refund ${refund.id}`,
        amount_cents: -refund.amount_cents,
        payment_status: 1,
        payment_date: new Date(),
      });
      const [sponsor] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.user_id));
      if (!sponsor || !after) return undefined;
      return {
        template: 'refund-notice',
        to: sponsor.email,
        ...renderSponsorshipRefundNotice(publicUrl, id, refund, after.total - after.paid),
      };
    },

    async failed(tx, payment) {
      const attempted = await allocationsOf(tx, payment.id);
      if (attempted.length === 0) return;
      await tx
        .insert(sponsorship_transactions)
        .values(
          attempted.map((a) => ({
            sponsorship_id: a.sponsorship_id,
            payment_id: payment.id,
            transaction_id: payment.gateway_ref ?? '',
            amount_cents: a.amount_cents,
            payment_status: 0,
          })),
        )
        .onConflictDoNothing();
    },
  };
}
