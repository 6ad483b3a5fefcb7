import { Paper, Table, Text, Title } from '@mantine/core';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { formatMoney } from '@portal/contracts/money';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS = { pending: 'In progress', succeeded: 'Received', failed: 'Not paid' } as const;

/** What the order's account says once its payments are counted: owed, even, or the school's credit. */
function accountLine(balanceCents: number): string {
  if (balanceCents > 0) return `Balance due: ${formatMoney(balanceCents)}`;
  if (balanceCents < 0) return `Credit: ${formatMoney(-balanceCents)} paid beyond the total, to refund or apply`;
  return 'Paid in full';
}

/** The order's account (total, received, balance or credit) and its card payments: each attempt at checkout, and those received. */
export function OrderPaymentsCard({
  data,
}: {
  data: Pick<TAdminOrderResponse, 'payments' | 'total_cents' | 'received_cents' | 'balance_cents'>;
}) {
  const { payments } = data;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        Payments
      </Title>
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
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{when.format(new Date(p.created_at))}</Table.Td>
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
