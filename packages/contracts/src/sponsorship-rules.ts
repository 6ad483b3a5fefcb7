import { PAYABLE_SPONSORSHIP_STATUSES, type SponsorshipStatus } from './sponsorships.ts';

/**
 * What may be done with a sponsorship and what it owes, decided once for the server, its
 * documents and the screens, as `order-rules.ts` decides for orders. A sponsorship's account:
 * its total (what its items come to), what it was paid (its shares of the payments that
 * succeeded, less the refunds of them: `sponsorships.paid_cents`) and what is left.
 */

/** What the rules read of a sponsorship. */
export interface SponsorshipState {
  status: string;
  total_cents: number;
  paid_cents: number;
}

/** What is left to pay: its total less what it was paid, never below 0 (D13). */
export function leftToPay(s: Pick<SponsorshipState, 'total_cents' | 'paid_cents'>): number {
  return Math.max(0, s.total_cents - s.paid_cents);
}

/** A status a sponsor may pay in (Requested, Approved, Partial). */
export function isPayableStatus(status: string): boolean {
  return (PAYABLE_SPONSORSHIP_STATUSES as readonly string[]).includes(status);
}

/** The sponsorship can be paid now: a payable status and something left. */
export function isSponsorshipPayable(s: SponsorshipState): boolean {
  return isPayableStatus(s.status) && leftToPay(s) > 0;
}

/**
 * The status an approved sponsorship has for what it was paid: Completed once paid in
 * full, Partial while part is paid, Approved with nothing paid. (The payments' and refunds'
 * updates write the same rule in SQL, in the statement that changes `paid_cents`.)
 */
export function paidStatus(paidCents: number, totalCents: number): SponsorshipStatus {
  if (paidCents > 0 && paidCents >= totalCents) return 'Completed';
  return paidCents > 0 ? 'Partial' : 'Approved';
}

/** Its items may still change: Requested or Approved, nothing paid and nothing being paid. */
export function itemsEditable(s: Pick<SponsorshipState, 'status' | 'paid_cents'>, inFlightCents: number): boolean {
  return (s.status === 'Requested' || s.status === 'Approved') && s.paid_cents === 0 && inFlightCents === 0;
}
