import type { SponsorshipStatus } from '@portal/contracts/sponsorships';
import { StatusBadge } from './record-list/status-badge.tsx';

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
