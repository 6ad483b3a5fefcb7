import { Badge } from '@mantine/core';
import type { SponsorshipStatus } from '@portal/contracts/sponsorships';

const COLORS: Record<SponsorshipStatus, string> = {
  Requested: 'gray',
  Approved: 'blue',
  Partial: 'orange',
  Completed: 'teal',
};

/** A sponsorship's status, colored by how far its payment has come. */
export function SponsorshipStatusBadge({ status, label }: { status: SponsorshipStatus; label: string }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      radius="sm"
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
    >
      {label}
    </Badge>
  );
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
