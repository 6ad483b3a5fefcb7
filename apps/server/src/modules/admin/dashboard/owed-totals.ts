import type { Executor } from '../../../db/client.ts';
import { owedByKindAndBand } from '../money-owed/list-money-owed.ts';

export interface OwedTotals {
  sponsorsOweCents: number;
  sponsorshipsOwing: number;
  /** Null when asked without the schools' orders (a rep). */
  schoolsOweCents: number | null;
  ordersOwing: number | null;
}

/**
 * What is owed, as the money-owed report counts it (its totals' query): by sponsors, their
 * approved sponsorships less what they have paid, a rep's own sponsors only for a rep; by
 * schools, the balances of their invoiced orders (left out for a rep).
 */
export async function owedTotals(db: Executor, repId: number | undefined, today: Date): Promise<OwedTotals> {
  const byKind = await owedByKindAndBand(db, { today, repId });
  const sum = (kind: 'sponsorship' | 'order') => {
    const bands = Object.values(byKind[kind].bands);
    return { cents: bands.reduce((n, b) => n + b.cents, 0), count: byKind[kind].records };
  };
  const owedBySponsors = sum('sponsorship');
  const owedBySchools = sum('order');
  return {
    sponsorsOweCents: owedBySponsors.cents,
    sponsorshipsOwing: owedBySponsors.count,
    schoolsOweCents: repId === undefined ? owedBySchools.cents : null,
    ordersOwing: repId === undefined ? owedBySchools.count : null,
  };
}
