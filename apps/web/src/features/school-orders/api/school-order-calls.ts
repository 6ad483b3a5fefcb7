import type { TOrderInvoicesResponse } from '@portal/contracts/invoices';
import type {
  TCancelRequestBody,
  TOrderDetailsResponse,
  TOrdersResponse,
  TReorderResponse,
} from '@portal/contracts/school-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useInfinitePages } from '../../../components/record-list/use-infinite-pages.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

/** Under 'account' so that signing in as someone else drops them. */
const ordersKey = ['account', 'orders'] as const;
export const orderDetailsKey = (orderKey: string) => ['account', 'orderdetails', orderKey] as const;

/** An unknown key (404) or a sponsor (403) is an answer: asking again would not change it. */
const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** The school's orders of one year (or all), a page at a time as the list scrolls. */
export function useSchoolOrders(year: number | undefined) {
  return useInfinitePages([...ordersKey, year ?? 'all'], (page, signal) =>
    api.get<TOrdersResponse>('orders', { page, year: year ?? 'all' }, { silent: true, signal }),
  );
}

/** The order's invoices and credit notes as issued (orderinvoices), read by its card and its Download Order Summary. */
export function useOrderInvoices(orderKey: string) {
  return useQuery({
    queryKey: ['account', 'school', 'order-invoices', orderKey],
    queryFn: ({ signal }) => api.get<TOrderInvoicesResponse>('orderinvoices', { order_key: orderKey }, { signal }),
  });
}

export function useOrderDetails(orderKey: string) {
  return useQuery({
    queryKey: orderDetailsKey(orderKey),
    queryFn: ({ signal }) =>
      api.get<TOrderDetailsResponse>('orderdetails', { order_key: orderKey }, { silent: true, signal }),
    retry: retryOnce,
    staleTime: 0,
  });
}

/** Cancels the order, then reads it and the list afresh. */
export function useCancelOrder(orderKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('cancelorder', { order_key: orderKey }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: orderDetailsKey(orderKey) }),
        client.invalidateQueries({ queryKey: ordersKey }),
      ]);
    },
  });
}

/** Accepts the free products' terms of the order (acceptordertnc), then reads it afresh. */
export function useAcceptOrderTerms(orderKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ message: string }>('acceptordertnc', { order_key: orderKey, field1: true, field2: true }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: orderDetailsKey(orderKey) }),
        client.invalidateQueries({ queryKey: ordersKey }),
      ]);
    },
  });
}

/** Asks the team to cancel the order (cancelorderenq). */
export const requestCancel = (orderKey: string, values: Omit<TCancelRequestBody, 'order_key'>) =>
  api.post<{ message: string }>('cancelorderenq', { ...values, order_key: orderKey });

/** Order again for next year: a new Pending order with this one's counts and options. */
export const reorder = (orderKey: string) => api.post<TReorderResponse>('reorder', { order_key: orderKey });
