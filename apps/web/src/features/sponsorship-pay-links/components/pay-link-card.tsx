import { Text } from '@mantine/core';
import type { TSponsorshipPayLinkResponse } from '@portal/contracts/pay-links';
import { PayLinkCard as Card } from '../../../components/pay-links/pay-link-card.tsx';
import { startPayLinkPayment } from '../api/pay-link-calls.ts';
import { TEXT } from './texts.ts';

/** What a sponsorship's link pays, and Pay Now; once nothing is left, that it is paid in full. */
export function PayLinkCard({ linkKey, link }: { linkKey: string; link: TSponsorshipPayLinkResponse }) {
  return (
    <Card
      heading={
        <>
          <Text fw={600}>{link.company_name}</Text>
          <Text c="gray.7">{TEXT.sponsorshipOf(link.sponsorship_id, link.year)}</Text>
        </>
      }
      paidInFull={link.paid_in_full}
      paidInFullText={TEXT.paidInFullText(link.sponsorship_id)}
      facts={[
        { label: TEXT.total, value: link.total_amount_html, testId: 'pay-link-total' },
        { label: TEXT.paid, value: link.paid_amount_html, testId: 'pay-link-paid' },
        { label: TEXT.due, value: link.left_amount_html, testId: 'pay-link-due' },
        ...(link.paid_in_full
          ? []
          : [{ label: TEXT.payNowAmount, value: link.amount_html, testId: 'pay-link-amount', strong: true }]),
      ]}
      expiresAt={link.expires_at}
      start={() => startPayLinkPayment(linkKey)}
      link={{ kind: 'sponsorship', key: linkKey }}
    />
  );
}
