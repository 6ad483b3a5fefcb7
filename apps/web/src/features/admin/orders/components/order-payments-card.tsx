import { Paper, Table, Text, Title } from '@mantine/core';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { formatMoney } from '@portal/contracts/money';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS = { pending: 'In progress', succeeded: 'Received', failed: 'Not paid' } as const;

/** The order's card payments: each attempt at checkout, and those received. */
export function OrderPaymentsCard({ payments }: { payments: TAdminOrderResponse['payments'] }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        Payments
      </Title>
      {payments.length === 0 ? (
        <Text c="gray.7">No payment has been started for this order.</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
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
