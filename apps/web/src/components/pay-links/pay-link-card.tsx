import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { goToGateway } from '../../lib/go-to-gateway.ts';
import { PayLinkContacts } from './pay-link-contacts.tsx';
import { type PayLinkFact, PayLinkFacts } from './pay-link-facts.tsx';
import { type PayLinkKind, rememberPayLink } from './remembered-pay-link.ts';
import { PAY_LINK_TEXT } from './texts.ts';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Pay Now: one payment however often it is pressed; the button is busy until the gateway's page opens. */
function usePay(start: () => Promise<{ payment_link: string }>, link: { kind: PayLinkKind; key: string }) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    // For the result page's Pay Now, should the card be declined.
    rememberPayLink(link.kind, link.key);
    try {
      const { payment_link } = await start();
      goToGateway(payment_link);
    } catch {
      // The API client has said why; the payer may press again.
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, pay };
}

interface PayLinkCardProps {
  /** Who pays and for what, above everything else. */
  heading: ReactNode;
  paidInFull: boolean;
  /** Said under "Paid in full" once nothing is left. */
  paidInFullText: string;
  facts: PayLinkFact[];
  expiresAt: string;
  /** Starts the payment the link names: the gateway's page to go to. */
  start: () => Promise<{ payment_link: string }>;
  /** The link's kind and key (its page's address), noted for the result page. */
  link: { kind: PayLinkKind; key: string };
  /** More about what is paid, below Pay Now. */
  children?: ReactNode;
}

/** What a link pays and Pay Now; once nothing is left, that it is paid in full. */
export function PayLinkCard({
  heading,
  paidInFull,
  paidInFullText,
  facts,
  expiresAt,
  start,
  link,
  children,
}: PayLinkCardProps) {
  const { busy, pay } = usePay(start, link);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>{heading}</Stack>
        {paidInFull ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCircleCheck size={32} color="var(--mantine-color-teal-7)" aria-hidden />
            <Stack gap={4}>
              <Title order={2} size="h3">
                {PAY_LINK_TEXT.paidInFullTitle}
              </Title>
              <Text>{paidInFullText}</Text>
            </Stack>
          </Group>
        ) : null}
        <PayLinkFacts facts={facts} />
        {!paidInFull && (
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
              {PAY_LINK_TEXT.payNow}
            </Button>
            <Text size="sm" c="gray.7">
              {PAY_LINK_TEXT.validUntil(longDate(expiresAt))}
            </Text>
          </Stack>
        )}
        {children}
        <PayLinkContacts />
      </Stack>
    </Paper>
  );
}
