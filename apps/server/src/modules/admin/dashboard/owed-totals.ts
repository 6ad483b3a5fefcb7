import type { Executor } from '../../../db/client.ts';
import { listMoneyOwed } from '../money-owed/list-money-owed.ts';

export interface OwedTotals {
  sponsorsOweCents: number;
  sponsorshipsOwing: number;
  /** Null when asked without the schools' orders (a rep). */
  schoolsOweCents: number | null;
  ordersOwing: number | null;
}

/**
 * What is owed, as the money-owed report counts it (its one query): by sponsors, their
 * approved sponsorships less what they have paid, a rep's own sponsors only for a rep; by
 * schools, the balances of their invoiced orders (left out for a rep).
 */
export async function owedTotals(db: Executor, repId: number | undefined, today: Date): Promise<OwedTotals> {
  const { rows } = await listMoneyOwed(db, { today, repId });
  const sum = (kind: 'sponsorship' | 'order') => {
    const of = rows.filter((r) => r.kind === kind);
    return { cents: of.reduce((total, r) => total + r.balance, 0), count: of.length };
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
