import type { OrderStatus } from '@portal/contracts/orders';
import { CANCEL_OPTIONS } from '@portal/contracts/school-orders';
import { cutoffOf } from './school-years.ts';

/** What decides whether a school may still change an order (D12). */
export interface OrderState {
  status: OrderStatus;
  payment_status: 'unpaid' | 'paid' | 'refunded';
  school_year: string;
}

/** Pending or Reserved, unpaid, and before the cut-off of its school year (D12). */
export function canEditOrder(order: OrderState, today: Date): boolean {
  if (order.status !== 'Pending' && order.status !== 'Reserved') return false;
  if (order.payment_status !== 'unpaid') return false;
  const cutoff = cutoffOf(order.school_year);
  return !cutoff || today < cutoff;
}

/**
 * How the school may cancel the order (D12): itself while it may still edit it; otherwise
 * by asking the team; not at all once it is cancelled.
 */
export function cancelOption(order: OrderState, today: Date): (typeof CANCEL_OPTIONS)[keyof typeof CANCEL_OPTIONS] {
  if (order.status === 'Cancelled') return CANCEL_OPTIONS.none;
  return canEditOrder(order, today) ? CANCEL_OPTIONS.direct : CANCEL_OPTIONS.contact;
}
