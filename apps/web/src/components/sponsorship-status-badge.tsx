import type { SponsorshipStatus } from '@portal/contracts/sponsorships';
import { StatusBadge } from '../../../components/record-list/status-badge.tsx';

const COLORS: Record<SponsorshipStatus, string> = {
  Requested: 'gray',
  Approved: 'blue',
  Partial: 'orange',
  Completed: 'teal',
};

/** A sponsorship's status, colored by how far its payment has come. */
export function SponsorshipStatusBadge({ status, label }: { status: SponsorshipStatus; label: string }) {
  return <StatusBadge color={COLORS[status]}>{label}</StatusBadge>;
}

/** "Nov 24, 2026": a day as a sponsor in the US reads it. */
export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Nov 24, 2026, 3:05 PM": when a payment was tried. */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
