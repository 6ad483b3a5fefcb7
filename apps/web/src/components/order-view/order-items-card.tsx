import { Paper, Table, Text, Title } from '@mantine/core';
import { orderItems } from '@portal/contracts/order-items';
import type { TSchoolOrder } from '@portal/contracts/school-orders';

/** What the school asked for, answer by answer, as the form's sections read. */
export function OrderItemsCard({ order }: { order: TSchoolOrder }) {
  const items = orderItems(order.custom_fields);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        Items
      </Title>
      {items.length === 0 ? (
        <Text c="gray.7">Nothing has been filled in on this order’s form yet.</Text>
      ) : (
        <Table variant="vertical" layout="fixed" withTableBorder data-testid="order-items">
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.label}>
                <Table.Th w={{ base: 130, sm: 240 }}>{item.label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
