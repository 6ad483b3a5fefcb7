import type { TCheckoutResponse, TOrderConfirmResponse, TPlaceOrderBody } from '@portal/contracts/checkout';
import type { TUploadedFile, UploadFileType } from '@portal/contracts/order-files';
import type { TTempOrderResponse, TUpdateTempOrderBody, TUpdateTempOrderResponse } from '@portal/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

/** Under 'account' so that signing in as someone else drops it. */
export const tempOrderKey = (orderKey: string) => ['account', 'temporder', orderKey] as const;

/** An unknown key (404) or a sponsor (403) is an answer: asking again would not change it. */
const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** The reservation form's order (temporder). Read once as the form opens: the form then owns the values. */
export const tempOrderQuery = (orderKey: string) =>
  queryOptions({
    queryKey: tempOrderKey(orderKey),
    queryFn: ({ signal }) =>
      api.get<TTempOrderResponse>('temporder', { order_key: orderKey }, { silent: true, signal }),
    retry: retryOnce,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useTempOrder = (orderKey: string) => useQuery(tempOrderQuery(orderKey));

/** Saves the form: a silent draft while it is filled in (kept alive when sent on leaving), or the button's final save. */
export const saveOrder = (body: TUpdateTempOrderBody, options: { silent: boolean; keepalive?: boolean }) =>
  api.post<TUpdateTempOrderResponse>('updatetemporder', body, options);

/** The order's form as the server has it now, to bring in what another window saved. */
export const readTempOrder = (orderKey: string) =>
  api.get<TTempOrderResponse>('temporder', { order_key: orderKey }, { silent: true });

export function uploadOrderFile(
  orderKey: string,
  fileType: UploadFileType,
  file: File,
  onProgress: (fraction: number) => void,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  form.set('order_key', orderKey);
  form.set('file_type', fileType);
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  // The file goes last, so the server has read the fields when it meets it.
  form.set('cfile', file, file.name);
  return api.upload<{ message: string; file: TUploadedFile }>('uploadorderfiles', form, onProgress);
}

export const removeOrderFile = (fileRaw: string) =>
  api.post<{ message: string }>('removefile', { file_path_raw: fileRaw });

export function useCheckout(orderKey: string) {
  return useQuery({
    queryKey: ['account', 'checkout', orderKey],
    queryFn: ({ signal }) => api.get<TCheckoutResponse>('checkout', { order_key: orderKey }, { silent: true, signal }),
    retry: retryOnce,
    staleTime: 0,
  });
}

export const placeOrder = (body: TPlaceOrderBody) =>
  api.post<{ message: string; type: 'internal' | 'external'; redirect: string }>('placeorder', body);

/**
 * The confirmation, after the gateway has been asked about the payment the address names;
 * `returnVia` says which of the gateway's return addresses the school came back by.
 */
export function useOrderConfirm(orderKey: string, paymentKey: string | null, returnVia?: 'success' | 'cancel') {
  return useQuery({
    queryKey: ['account', 'orderconfirm', orderKey, paymentKey, returnVia],
    queryFn: ({ signal }) =>
      api.get<TOrderConfirmResponse>(
        'orderconfirm',
        { order_key: orderKey, payment_key: paymentKey ?? undefined, return_via: returnVia },
        { silent: true, signal },
      ),
    retry: retryOnce,
    staleTime: 0,
  });
}
