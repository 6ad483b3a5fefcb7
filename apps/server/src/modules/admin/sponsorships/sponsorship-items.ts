import type { SponsorshipItemInput } from '@portal/contracts/admin-sponsorships';
import { MSG } from '@portal/contracts/messages';
import { MONEY_MAX_CENTS } from '@portal/contracts/money';
import { amountToCents } from '@portal/contracts/sponsorships';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { sponsorship_items } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/errors.ts';

type ItemInput = z.output<typeof SponsorshipItemInput>;

const cents = (dollars: string) => (dollars === '' ? 0 : (amountToCents(dollars) ?? 0));

/**
 * Items priced by the server, whatever the client sent: subtotal = qty × rate, total =
 * subtotal + artwork. A sponsorship above the most one may cost (MONEY_MAX_CENTS) is refused.
 */
export function priceItems(items: ItemInput[]) {
  const lines = items.map((item) => {
    const rate_cents = cents(item.rate);
    const artwork_price_cents = cents(item.artwork_price);
    const subtotal_cents = item.qty * rate_cents;
    return {
      sponsorship_type: item.sponsorship_type,
      county: item.county,
      book_name: item.book_name,
      school_name: item.school_name,
      adv_size: item.adv_size,
      qty: item.qty,
      rate_cents,
      artwork: item.artwork,
      comments: item.comments,
      subtotal_cents,
      artwork_price_cents,
      total_cents: subtotal_cents + artwork_price_cents,
    };
  });
  const total_cents = lines.reduce((sum, l) => sum + l.total_cents, 0);
  if (total_cents > MONEY_MAX_CENTS) throw badRequest(MSG.sponsorshipTooLarge);
  return { lines, total_qty: lines.reduce((sum, l) => sum + l.qty, 0), total_cents };
}

export type PricedItem = ReturnType<typeof priceItems>['lines'][number];

export function itemsOf(tx: Executor, sponsorshipId: number) {
  return tx
    .select({
      id: sponsorship_items.id,
      sponsorship_type: sponsorship_items.sponsorship_type,
      county: sponsorship_items.county,
      book_name: sponsorship_items.book_name,
      school_name: sponsorship_items.school_name,
      adv_size: sponsorship_items.adv_size,
      qty: sponsorship_items.qty,
      rate_cents: sponsorship_items.rate_cents,
      artwork: sponsorship_items.artwork,
      comments: sponsorship_items.comments,
      subtotal_cents: sponsorship_items.subtotal_cents,
      artwork_price_cents: sponsorship_items.artwork_price_cents,
      total_cents: sponsorship_items.total_cents,
    })
    .from(sponsorship_items)
    .where(eq(sponsorship_items.sponsorship_id, sponsorshipId))
    .orderBy(asc(sponsorship_items.id));
}

/** Items as the audit log keeps them: without their row ids. */
export const auditedItems = (items: (PricedItem & { id?: number })[]) => items.map(({ id: _, ...item }) => item);
