import '../../../styles/mantine-forms.css';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@portal/contracts/money';
import type { TOrderPayLinkResponse } from '@portal/contracts/pay-links';
import { IconCircleCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { goToGateway } from '../../sponsorship-pay-links/api/pay-link-calls.ts';
import { PayLinkContacts } from '../../sponsorship-pay-links/components/pay-link-contacts.tsx';
import { PayLinkFacts } from '../../sponsorship-pay-links/components/pay-link-facts.tsx';
import { startOrderPayLinkPayment } from '../api/order-pay-link-calls.ts';
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
      const { payment_link } = await startOrderPayLinkPayment(linkKey);
      goToGateway(payment_link);
    } catch {
      // The API client has said why; the payer may press again.
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, pay };
}

/** Figures never break inside a narrow column (a phone's). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const dollars = (value: string) =>
  value === 'TBA' || value === '' ? value : formatMoney(Math.round(Number(value) * 100));

/** The order's priced rows, as the server made them, and its total. */
function OrderRows({ link }: { link: TOrderPayLinkResponse }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {TEXT.pricesTitle}
      </Title>
      <Table.ScrollContainer minWidth={280}>
        <Table fz="sm" data-testid="order-pay-link-prices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="left">{TEXT.item}</Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {TEXT.qty}
              </Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {TEXT.amount}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {link.order.custom_price.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {row.qty || ''}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {dollars(String(row.amount))}
                </Table.Td>
              </Table.Tr>
            ))}
            {link.order.tax_amount_html && (
              <Table.Tr>
                <Table.Td>{TEXT.taxRow}</Table.Td>
                <Table.Td />
                <Table.Td ta="right" style={NOWRAP}>
                  {link.order.tax_amount_html}
                </Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row" ta="left">
                {TEXT.totalRow}
              </Table.Th>
              <Table.Td />
              <Table.Td ta="right" fw={700} style={NOWRAP}>
                {link.order.total_amount_html}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** What the link pays (the order's balance), Pay Now, and the order itself; once nothing is left, that it is paid. */
export function OrderPayLinkCard({ linkKey, link }: { linkKey: string; link: TOrderPayLinkResponse }) {
  const { busy, pay } = usePay(linkKey);
  const { order } = link;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          {link.school_name && <Text fw={600}>{link.school_name}</Text>}
          <Text c="gray.7">
            {TEXT.orderOf(order.order_id, order.school_year)} · {order.product_name}
          </Text>
          {link.invoice && <Text c="gray.7">{TEXT.invoice(link.invoice)}</Text>}
        </Stack>
        {link.paid_in_full ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCircleCheck size={32} color="var(--mantine-color-teal-7)" aria-hidden />
            <Stack gap={4}>
              <Title order={2} size="h3">
                {TEXT.paidInFullTitle}
              </Title>
              <Text>{TEXT.paidInFullText(order.order_id)}</Text>
            </Stack>
          </Group>
        ) : null}
        <PayLinkFacts
          facts={[
            { label: TEXT.total, value: order.total_amount_html, testId: 'order-pay-link-total' },
            { label: TEXT.paid, value: link.paid_amount_html, testId: 'order-pay-link-paid' },
            ...(link.paid_in_full
              ? []
              : [{ label: TEXT.due, value: link.amount_html, testId: 'order-pay-link-due', strong: true }]),
          ]}
        />
        {!link.paid_in_full && (
          <Stack gap="xs">
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
        <OrderRows link={link} />
        <PayLinkContacts />
      </Stack>
    </Paper>
  );
}
