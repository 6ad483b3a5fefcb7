import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pay_links } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { PayLinkKind } from './write-pay-link.ts';

/** A link past its 30 days: 410, so that the page can tell it from an address mistyped. */
export const payLinkExpired = () => new AppError(410, MSG.payLinkExpired);

/**
 * The pay link of a kind a key names: an unknown key (or one of the other kind) is 404, an
 * expired one 410 (as is one a newer link of its record has ended). The key is the only
 * credential, so nothing else is asked; it is found by its hash, all the table keeps.
 */
export async function findPayLink(db: Executor, kind: PayLinkKind, linkKey: string, now: Date) {
  const [link] = await db
    .select({
      id: pay_links.id,
      sponsorship_id: pay_links.sponsorship_id,
      order_id: pay_links.order_id,
      amount_cents: pay_links.amount_cents,
      expires_at: pay_links.expires_at,
    })
    .from(pay_links)
    .where(and(eq(pay_links.key_hash, hashToken(linkKey)), eq(pay_links.kind, kind)));
  if (!link) throw notFound(MSG.payLinkNotFound);
  if (link.expires_at.getTime() <= now.getTime()) throw payLinkExpired();
  return link;
}

export type FoundLink = Awaited<ReturnType<typeof findPayLink>>;
