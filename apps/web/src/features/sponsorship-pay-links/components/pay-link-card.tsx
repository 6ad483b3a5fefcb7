import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TSponsorshipPayLinkResponse } from '@portal/contracts/pay-links';
import { IconCircleCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { goToGateway, startPayLinkPayment } from '../api/pay-link-calls.ts';
import { PayLinkContacts } from './pay-link-contacts.tsx';
import { PayLinkFacts } from './pay-link-facts.tsx';
import { TEXT } from './texts.ts';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Pay Now: one payment however often it is pressed; the button is busy until the gateway's page opens. */
function usePay(linkKey: string) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const { payment_link } = await startPayLinkPayment(linkKey);
      goToGateway(payment_link);
    } catch {
      // The API client has said why; the payer may press again.
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, pay };
}

/** What the link pays, and Pay Now; once nothing is left, that it is paid in full. */
export function PayLinkCard({ linkKey, link }: { linkKey: string; link: TSponsorshipPayLinkResponse }) {
  const { busy, pay } = usePay(linkKey);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text fw={600}>{link.company_name}</Text>
          <Text c="gray.7">{TEXT.sponsorshipOf(link.sponsorship_id, link.year)}</Text>
        </Stack>
        {link.paid_in_full ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCircleCheck size={32} color="var(--mantine-color-teal-7)" aria-hidden />
            <Stack gap={4}>
              <Title order={2} size="h3">
                {TEXT.paidInFullTitle}
              </Title>
              <Text>{TEXT.paidInFullText(link.sponsorship_id)}</Text>
            </Stack>
          </Group>
        ) : null}
        <PayLinkFacts
          facts={[
            { label: TEXT.total, value: link.total_amount_html, testId: 'pay-link-total' },
            { label: TEXT.paid, value: link.paid_amount_html, testId: 'pay-link-paid' },
            { label: TEXT.due, value: link.left_amount_html, testId: 'pay-link-due' },
            ...(link.paid_in_full
              ? []
              : [{ label: TEXT.payNowAmount, value: link.amount_html, testId: 'pay-link-amount', strong: true }]),
          ]}
        />
        {!link.paid_in_full && (
          <Stack gap="xs">
            {/* The whole width on a phone, where a thumb reaches for it; its own width beside the figures. */}
            <Button
              size="md"
              color="teal.9"
              loading={busy}
              onClick={() => void pay()}
              w={{ base: '100%', sm: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
            >
              {TEXT.payNow}
            </Button>
            <Text size="sm" c="gray.7">
              {TEXT.validUntil(longDate(link.expires_at))}
            </Text>
          </Stack>
        )}
        <PayLinkContacts />
      </Stack>
    </Paper>
  );
}
