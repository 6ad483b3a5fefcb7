import { Badge } from '@mantine/core';
import type { OrderStatus } from '@portal/contracts/orders';

const COLORS: Record<OrderStatus, string> = {
  Pending: 'gray',
  Reserved: 'blue',
  'Order Placed': 'teal',
  Cancelled: 'red',
};

/** An order's status, colored by how far it has come. */
export function OrderStatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      radius="sm"
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
    >
      {label}
    </Badge>
  );
}

/** "Nov 24, 2026": the day an order was started, as a school in the US reads it. */
export const orderDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
