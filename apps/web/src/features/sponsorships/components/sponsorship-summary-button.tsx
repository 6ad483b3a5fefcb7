import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { openSponsorshipSummary } from '../api/sponsorship-summary-calls.ts';
import { TEXT } from './texts.ts';

/** Download Sponsorship Summary (spec §2): the sponsorship's summary as a PDF, in a new tab. */
export function SponsorshipSummaryButton({ sponsorshipId }: { sponsorshipId: number }) {
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={18} aria-hidden />}
      onClick={() =>
        void openSponsorshipSummary(sponsorshipId).catch(() => {
          // The API client has said why.
        })
      }
    >
      {TEXT.downloadSummary}
    </Button>
  );
}
