import { Button, Group, Modal, Paper, Table, Text, Title } from '@mantine/core';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { formatMoney } from '@portal/contracts/money';
import { useState } from 'react';
import { OFFLINE_TEXT, OfflinePaymentForm } from '../../lib/offline-payment-form.tsx';
import { useRecordOrderPayment } from '../api.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS = { pending: 'In progress', succeeded: 'Received', failed: 'Not paid' } as const;
/** How a payment came: by card through the gateway, or by hand (a check, a transfer) as staff recorded it. */
const byHand = (gateway: string) => gateway === 'offline';

/** What the order's account says once its payments are counted: owed, even, or the school's credit. */
function accountLine(balanceCents: number): string {
  if (balanceCents > 0) return `Balance due: ${formatMoney(balanceCents)}`;
  if (balanceCents < 0) return `Credit: ${formatMoney(-balanceCents)} paid beyond the total, to refund or apply`;
  return 'Paid in full';
}

/** The order's account (total, received, balance or credit) and its payments: each card checkout, and the checks and transfers staff recorded. */
export function OrderPaymentsCard({
  data,
}: {
  data: Pick<TAdminOrderResponse, 'payments' | 'total_cents' | 'received_cents' | 'balance_cents' | 'order'>;
}) {
  const { payments } = data;
  const [recording, setRecording] = useState(false);
  const record = useRecordOrderPayment(data.order.order_id);
  const inFlight = payments.filter((p) => p.status === 'pending').reduce((sum, p) => sum + p.amount_cents, 0);
  const owed = data.balance_cents > 0 && data.order.order_status !== 'Cancelled';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Payments
        </Title>
        {owed && (
          <Button variant="default" size="sm" onClick={() => setRecording(true)}>
            Record a payment
          </Button>
        )}
      </Group>
      <Modal
        opened={recording}
        onClose={() => setRecording(false)}
        title={OFFLINE_TEXT.recordTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {recording && (
          <OfflinePaymentForm
            leftCents={data.balance_cents}
            inFlightCents={inFlight}
            record={(body) => record.mutateAsync(body)}
            onDone={() => setRecording(false)}
          />
        )}
      </Modal>
      <Text size="sm" data-testid="order-account">
        Total {formatMoney(data.total_cents)} · received {formatMoney(data.received_cents)} ·{' '}
        <Text span fw={600} c={data.balance_cents < 0 ? 'teal.9' : undefined}>
          {accountLine(data.balance_cents)}
        </Text>
      </Text>
      {payments.length === 0 ? (
        <Text c="gray.7" mt="xs">
          No payment has been started for this order.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360} mt="xs">
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>How</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{when.format(new Date(p.created_at))}</Table.Td>
                  <Table.Td>{byHand(p.gateway) ? 'Check or transfer' : 'Card'}</Table.Td>
                  <Table.Td>{STATUS[p.status]}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.amount_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
