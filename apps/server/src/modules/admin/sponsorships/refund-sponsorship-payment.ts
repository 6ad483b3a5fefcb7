import { MSG } from '@portal/contracts/messages';
import type { AdminRefundBody } from '@portal/contracts/refunds';
import { amountToCents } from '@portal/contracts/sponsorships';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { fieldError } from '../../../lib/errors.ts';
import { type RefundOutcome, refundPayment } from '../../payments/refund-payment.ts';
import type { Staff } from '../staff.ts';
import { findStaffSponsorship } from './staff-sponsorship.ts';

/**
 * An administrator gives back all or part of what one payment brought a sponsorship (its
 * share of a bulk payment, or the whole of a single one): to the card, or by a check or
 * transfer sent. What the sponsorship has paid goes down, and its status with it; the
 * sponsor is e-mailed and its list of payments shows what went back.
 */
export async function refundSponsorshipPayment(
  ctx: AppContext,
  staff: Staff,
  sponsorshipId: number,
  input: z.output<typeof AdminRefundBody>,
  ip?: string,
): Promise<RefundOutcome> {
  await findStaffSponsorship(ctx.db, staff, sponsorshipId);
  const amountCents = amountToCents(input.amount) ?? 0;
  if (amountCents <= 0) throw fieldError('amount', MSG.adminOfflineAmountZero);
  return refundPayment(ctx, {
    paymentId: input.payment_id,
    sponsorshipId,
    // The share is looked up by the sponsorship: a payment that paid none of it is not found.
    belongsTo: async (_tx, payment) => payment.kind !== 'order',
    amountCents,
    method: input.method,
    gatewayName: ctx.gateway.name,
    reference: input.reference,
    reason: input.reason,
    audit: { actorId: staff.userId, entity: 'sponsorship', entityId: sponsorshipId, ip },
  });
}
