import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { payment_allocations, payments } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { closePayment } from '../../payments/close-payment.ts';
import type { Staff } from '../staff.ts';
import { findStaffSponsorship } from './staff-sponsorship.ts';

/**
 * A card checkout of the sponsorship left open (the sponsor went back, or closed the tab),
 * closed by staff at the gateway so that what it held may be paid another way. One paid
 * meanwhile counts, and says so; one the gateway cannot close yet (being paid right now) is
 * refused with a word to try again. Answers the message staff read.
 */
export async function closeSponsorshipCheckout(
  ctx: AppContext,
  staff: Staff,
  sponsorshipId: number,
  paymentId: number,
  ip?: string,
): Promise<string> {
  await findStaffSponsorship(ctx.db, staff, sponsorshipId);
  const [open] = await ctx.db
    .select({ key: payments.payment_key, amount_cents: payment_allocations.amount_cents })
    .from(payments)
    .innerJoin(payment_allocations, eq(payment_allocations.payment_id, payments.id))
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'pending'),
        eq(payment_allocations.sponsorship_id, sponsorshipId),
      ),
    );
  if (!open) throw notFound(MSG.adminCheckoutNotFound);
  const settled = await closePayment(ctx, open.key);
  ctx.feed.touch('sponsorships');
  if (settled.status === 'succeeded') return MSG.adminCheckoutWasPaid;
  if (settled.status === 'pending') throw conflict(MSG.adminCheckoutStillOpen);
  await recordChange(ctx.db, {
    actorId: staff.userId,
    action: 'checkout-closed',
    entity: 'sponsorship',
    entityId: sponsorshipId,
    before: null,
    after: { payment_id: paymentId, amount_cents: open.amount_cents },
    ip,
  });
  return MSG.adminCheckoutClosed;
}
