import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import { startPayment } from '../payments/start-payment.ts';
import { listBulkSponsorships } from './list-bulk-sponsorships.ts';
import { settleSponsorshipPayments } from './settle-sponsorship-payments.ts';

/** Starts one card payment of every ticked sponsorship, each paid in full (paybulksponsorship). */
export async function payBulkSponsorships(
  ctx: AppContext,
  sponsorId: number,
  exclude: number[],
): Promise<{ redirect: string }> {
  const offered = await listBulkSponsorships(ctx.db, sponsorId, exclude);
  const chosen = offered.sponsorships.filter((s) => s.checked === 1);
  if (chosen.length === 0) throw fieldError('exclude_sponsorships', MSG.selectSponsorship);

  await settleSponsorshipPayments(
    ctx,
    chosen.map((s) => s.sponsorship_id),
    { restart: true },
  );
  const back = (page: string) => `${ctx.config.publicUrl}/${page}/{payment_key}`;
  const started = await startPayment(ctx, {
    payerId: sponsorId,
    kind: 'bulk',
    allocations: chosen.map((s) => ({ sponsorship_id: s.sponsorship_id, amount_cents: s.total_amount })),
    description: `Sponsorships ${chosen.map((s) => `#${s.sponsorship_id}`).join(', ')}`.slice(0, 250),
    successUrl: back('bulksponsorship-confirmed'),
    cancelUrl: back('bulksponsorship-error'),
  });
  return { redirect: started.url };
}
