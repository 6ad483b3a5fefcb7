import type {
  TAdminApplyCreditBody,
  TAdminCancelAnswerBody,
  TAdminOrderResponse,
  TAdminOrdersResponse,
  TAdminOrderTaxBody,
} from '@portal/contracts/admin-orders';
import type { TOfflinePaymentBody } from '@portal/contracts/admin-sponsorships';
import type { OrderStatus } from '@portal/contracts/orders';
import type { TAdminRefundBody } from '@portal/contracts/refunds';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the list screen asks for: each filter as the address keeps it. */
export interface AdminOrdersFilter {
  /** Comma-separated statuses. */
  status?: string | undefined;
  school_year?: string | undefined;
  payment_status?: string | undefined;
  cancel_request?: '1' | undefined;
  proof_waiting?: '1' | undefined;
  invoiced?: '1' | undefined;
  q?: string | undefined;
  sort: 'date' | 'total';
  dir: 'asc' | 'desc';
  page: number;
  /** The cursor of the page before, for a page deep into the list. */
  after?: string | undefined;
}

const ordersKey = ['account', 'staff', 'orders'] as const;
const orderKey = (id: number) => [...ordersKey, 'one', id] as const;

/** A page of every school's orders, as the list's filters ask. */
export function useAdminOrders(query: AdminOrdersFilter) {
  return useQuery({
    queryKey: [...ordersKey, 'list', query],
    queryFn: ({ signal }) => api.get<TAdminOrdersResponse>('admin/orders', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: number) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => api.get<TAdminOrderResponse>(`admin/orders/${id}`, undefined, { signal }),
  });
}

/** One change of an order by staff; the order and the list are read again after it. */
function useOrderChange<T>(id: number, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.post<{ status: 'success'; message: string }>(`admin/orders/${id}/${path}`, body),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

export const useMoveOrder = (id: number) => useOrderChange<{ status: OrderStatus }>(id, 'status');
export const useSetDeliveryDate = (id: number) => useOrderChange<{ delivery_date: string }>(id, 'delivery-date');
export const useSetOrderTax = (id: number) => useOrderChange<TAdminOrderTaxBody>(id, 'tax');
export const useAnswerCancelRequest = (id: number) => useOrderChange<TAdminCancelAnswerBody>(id, 'cancel-request');
export const useRecordOrderPayment = (id: number) => useOrderChange<TOfflinePaymentBody>(id, 'offline-payment');
export const useApplyOrderCredit = (id: number) => useOrderChange<TAdminApplyCreditBody>(id, 'apply-credit');
export const useRefundOrderPayment = (id: number) => useOrderChange<TAdminRefundBody>(id, 'refund');
