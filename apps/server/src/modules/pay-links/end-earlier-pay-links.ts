import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pay_links } from '../../db/schema/index.ts';
import type { PayLinkTarget } from './write-pay-link.ts';

/**
 * Ends every link of a record still valid at `now`, in the caller's transaction: staff send a
 * new link when the old one is lost or went to the wrong address, and the server cannot show
 * the old one again (only its hash is kept), so the new link replaces them (decision 029).
 * An ended link answers as an expired one (410); payments it started are not touched.
 */
export async function endEarlierPayLinks(db: Executor, target: PayLinkTarget, now: Date): Promise<void> {
  const record =
    target.kind === 'order'
      ? eq(pay_links.order_id, target.orderId)
      : eq(pay_links.sponsorship_id, target.sponsorshipId);
  await db
    .update(pay_links)
    .set({ expires_at: now })
    .where(and(eq(pay_links.kind, target.kind), record, gt(pay_links.expires_at, now)));
}
