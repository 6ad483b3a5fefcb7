import { PAY_LINK_VALID_DAYS } from '@portal/contracts/pay-links';
import type { Executor } from '../../db/client.ts';
import { pay_links } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type PayLinkKind = (typeof pay_links.$inferSelect)['kind'];

/** What a link pays: one sponsorship, or one order's balance. */
export type PayLinkTarget = { kind: 'sponsorship'; sponsorshipId: number } | { kind: 'order'; orderId: number };

export interface NewPayLink {
  target: PayLinkTarget;
  /** A set amount in cents; left out, the link pays whatever is left when it is used. */
  amountCents?: number | undefined;
  /** The staff member who made it; none for a reminder the server sent. */
  createdBy?: number | undefined;
  /** The key the link's address carries; only its hash is kept. */
  linkKey: string;
  now: Date;
}

/**
 * Writes a pay link of either kind, valid for PAY_LINK_VALID_DAYS days from `now` (the
 * caller has checked that what it pays can be paid). One table, one key and one validity
 * for every kind (decision 019). The key is answered for the e-mail and kept only as its hash
 * (decision 029): once the mail is sent, nothing on the server can show the link again.
 */
export async function writePayLink(
  db: Executor,
  input: NewPayLink,
): Promise<{ id: number; linkKey: string; expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + PAY_LINK_VALID_DAYS * DAY_MS);
  const { target } = input;
  const [row] = await db
    .insert(pay_links)
    .values({
      key_hash: hashToken(input.linkKey),
      kind: target.kind,
      sponsorship_id: target.kind === 'sponsorship' ? target.sponsorshipId : null,
      order_id: target.kind === 'order' ? target.orderId : null,
      amount_cents: input.amountCents ?? null,
      created_by: input.createdBy ?? null,
      expires_at: expiresAt,
    })
    .returning({ id: pay_links.id });
  if (!row) throw new Error('pay link insert returned no row');
  return { id: row.id, linkKey: input.linkKey, expiresAt };
}
