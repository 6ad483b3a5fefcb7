import { Badge } from '@mantine/core';
import type { CertificateState } from '@portal/contracts/admin-schools';

const LOOK: Record<CertificateState, { label: string; color: string }> = {
  none: { label: 'None', color: 'gray.7' },
  'no-date': { label: 'No expiry date', color: 'gray.7' },
  valid: { label: 'Valid', color: 'teal.9' },
  expiring: { label: 'Expires soon', color: 'orange.9' },
  expired: { label: 'Expired', color: 'red.9' },
};

/** Where a tax certificate stands; expired and expiring within 30 days stand out. */
export function CertificateBadge({ state }: { state: CertificateState }) {
  const look = LOOK[state];
  const flagged = state === 'expired' || state === 'expiring';
  return (
    <Badge color={look.color} variant={flagged ? 'filled' : 'outline'} size="sm">
      {look.label}
    </Badge>
  );
}
