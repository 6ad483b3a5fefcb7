import type { TAdminSponsorshipDetailResponse } from '@portal/contracts/admin-sponsorships';
import { DetailSection } from '../../lib/detail-section.tsx';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { TEXT, when } from '../texts.ts';

/** Who changed what, newest first, with the fields each change touched. */
export function SponsorshipHistory({ detail }: { detail: TAdminSponsorshipDetailResponse }) {
  return (
    <DetailSection title={TEXT.history}>
      <ScrollTable
        label={TEXT.history}
        minWidth={720}
        head={['When', 'Who', 'What', 'Fields']}
        empty={TEXT.noHistory}
        rows={detail.history.map((h) => [
          when.format(new Date(h.at)),
          h.actor,
          h.action,
          [...new Set([...Object.keys(h.before ?? {}), ...Object.keys(h.after ?? {})])].join(', '),
        ])}
      />
    </DetailSection>
  );
}
