import { Group, Stack, Text } from '@mantine/core';
import type { TAdminSponsorshipDetailResponse } from '@portal/contracts/admin-sponsorships';
import { formatMoney } from '@portal/contracts/money';
import { useState } from 'react';
import { StatusBadge } from '../../../../components/record-list/status-badge.tsx';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { ConfirmButton } from '../../lib/confirm-button.tsx';
import { DetailSection } from '../../lib/detail-section.tsx';
import { RefundButton, RefundDialog } from '../../lib/refund-form.tsx';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { useCloseCheckout, useRefundSponsorshipPayment } from '../api.ts';
import { day, TEXT, when } from '../texts.ts';

type Detail = TAdminSponsorshipDetailResponse;
type Transaction = Detail['transactions'][number];

/** The payments made (each refundable while any of it is left) and those still at the card's page. */
export function SponsorshipPayments({ detail }: { detail: Detail }) {
  const refund = useRefundSponsorshipPayment(detail.sponsorship.sponsorship_id);
  const closeCheckout = useCloseCheckout(detail.sponsorship.sponsorship_id);
  const [refunding, setRefunding] = useState<Transaction>();
  return (
    <DetailSection title={TEXT.transactions}>
      <ScrollTable
        label={TEXT.transactions}
        head={['Date', 'Reference', 'Amount', 'Result', '']}
        empty={TEXT.noTransactions}
        rows={detail.transactions.map((x) => [
          day.format(new Date(x.payment_date)),
          x.transaction_id,
          formatMoney(x.amount_cents),
          x.payment_status === 1 ? (
            <StatusBadge key="result" color="teal">
              Paid
            </StatusBadge>
          ) : (
            <StatusBadge key="result" color="red">
              Failed
            </StatusBadge>
          ),
          x.refundable_cents > 0 ? (
            <RefundButton key="refund" amountCents={x.amount_cents} onClick={() => setRefunding(x)} />
          ) : (
            ''
          ),
        ])}
      />
      {detail.in_flight.length > 0 && (
        <Stack gap={4} mt="md">
          <Text fw={600}>{TEXT.inFlight}</Text>
          {detail.in_flight.map((p) => (
            <Group key={p.payment_id} gap="sm" wrap="wrap">
              <Text size="sm">
                {formatMoney(p.amount_cents)} by card, started {when.format(new Date(p.started_at))}
              </Text>
              <ConfirmButton
                size="compact-sm"
                variant="default"
                label={TEXT.closeCheckout}
                aria-label={`${TEXT.closeCheckout} of ${formatMoney(p.amount_cents)}`}
                title={TEXT.closeCheckoutTitle}
                question={TEXT.closeCheckoutQuestion(formatMoney(p.amount_cents))}
                confirmLabel={TEXT.closeCheckout}
                onConfirm={async () => {
                  const saved = await closeCheckout.mutateAsync({ payment_id: p.payment_id });
                  toastSuccess(saved.message);
                }}
              />
            </Group>
          ))}
        </Stack>
      )}
      <RefundDialog
        payment={
          refunding?.payment_id != null
            ? {
                paymentId: refunding.payment_id,
                byCard: !refunding.by_hand,
                refundableCents: refunding.refundable_cents,
              }
            : undefined
        }
        onClose={() => setRefunding(undefined)}
        payer="sponsor"
        creditCents={0}
        refund={(body) => refund.mutateAsync(body)}
      />
    </DetailSection>
  );
}
