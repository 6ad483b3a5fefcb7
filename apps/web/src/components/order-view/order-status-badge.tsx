import type { OrderStatus } from '@portal/contracts/orders';
import { StatusBadge } from '../record-list/status-badge.tsx';

const COLORS: Record<OrderStatus, string> = {
  Pending: 'gray',
  Reserved: 'blue',
  'Order Placed': 'teal',
  'In production': 'indigo',
  Shipped: 'cyan',
  'Ready for pickup': 'cyan',
  Delivered: 'green',
  Cancelled: 'red',
};

/** An order's status, colored by how far it has come. */
export function OrderStatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <StatusBadge color={COLORS[status]}>{label}</StatusBadge>;
}

/** "Nov 24, 2026": the day an order was started, as a school in the US reads it. */
export const orderDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
