import type { OfflinePaymentBody } from '@portal/contracts/admin-sponsorships';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { offlinePaymentFacts, recordOfflinePayment } from '../../payments/record-offline-payment.ts';
import type { Staff } from '../staff.ts';
import { findStaffSponsorship } from './staff-sponsorship.ts';

/**
 * A check or a bank transfer staff received for a sponsorship, recorded through the payment
 * model (its paid amount, status, transaction and receipt as for a card), with an audit row.
 */
export async function recordSponsorshipOfflinePayment(
  ctx: AppContext,
  staff: Staff,
  id: number,
  input: z.output<typeof OfflinePaymentBody>,
  ip?: string,
): Promise<{ paymentId: number }> {
  const sponsorship = await findStaffSponsorship(ctx.db, staff, id);
  const { amountCents, receivedAt, reference } = offlinePaymentFacts(ctx, input);
  return recordOfflinePayment(ctx, {
    payerId: sponsorship.sponsor_user_id,
    kind: 'sponsorship',
    allocations: [{ sponsorship_id: id, amount_cents: amountCents }],
    reference,
    receivedAt,
    audit: { actorId: staff.userId, entity: 'sponsorship', entityId: id, details: input, ip },
  });
}
