import { Button, Group } from '@mantine/core';
import { centsToDecimal } from '@portal/contracts/money';
import type { TSponsorshipDetailsResponse } from '@portal/contracts/sponsorships';
import { useRef, useState } from 'react';
import { goToGateway } from '../../../lib/go-to-gateway.ts';
import { startSponsorshipPayment } from '../api/sponsorship-calls.ts';
import { PartialPaymentModal } from './partial-payment-modal.tsx';
import { SponsorshipSummaryButton } from './sponsorship-summary-button.tsx';
import { TEXT } from './texts.ts';

/** What the sponsor may do with the sponsorship, by its status (spec §2). */
export function SponsorshipActions({ sponsorship: s }: { sponsorship: TSponsorshipDetailsResponse['sponsorship'] }) {
  const [partialOpen, setPartialOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const running = useRef(false);
  const payable = s.left_amount > 0 && s.status !== 'Completed';

  const payAll = async () => {
    if (running.current) return;
    running.current = true;
    setPaying(true);
    try {
      const { paymentLink } = await startSponsorshipPayment(s.sponsorship_gr_id, centsToDecimal(s.left_amount));
      goToGateway(paymentLink);
    } catch {
      // The API client has said why.
      running.current = false;
      setPaying(false);
    }
  };

  return (
    <Group gap="sm">
      {s.invoice_link && <SponsorshipSummaryButton sponsorshipId={s.sponsorship_gr_id} />}
      {payable && (
        <Button color="teal.9" loading={paying} onClick={() => void payAll()}>
          {s.status === 'Partial' ? TEXT.payInFullButton : TEXT.payFullAmount}
        </Button>
      )}
      {payable && (
        <Button variant="light" onClick={() => setPartialOpen(true)}>
          {TEXT.payPartialAmount}
        </Button>
      )}
      <PartialPaymentModal
        opened={partialOpen}
        onClose={() => setPartialOpen(false)}
        sponsorshipId={s.sponsorship_gr_id}
        leftCents={s.left_amount}
        leftHtml={s.left_amount_html}
      />
    </Group>
  );
}
