import type {
  TOrderPayLinkResponse,
  TOrderPaymentConfirmResponse,
  TPayOrderPayLinkResponse,
} from '@portal/contracts/pay-links';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

const orderPayLinksKey = ['order-pay-links'] as const;

/** An unknown or expired link (4xx) is an answer: asking again would not change it. */
const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** What an order's pay link pays; read in the browser only, as the balance changes with every payment. */
export function useOrderPayLink(linkKey: string) {
  return useQuery({
    queryKey: [...orderPayLinksKey, 'link', linkKey],
    queryFn: ({ signal }) =>
      api.get<TOrderPayLinkResponse>('orderpaylink', { link_key: linkKey }, { silent: true, signal }),
    retry: retryOnce,
    staleTime: 0,
    meta: { perVisitor: true },
  });
}

/** The server's record of an order pay-link payment the gateway sent the payer back from (it settles it first). */
export function useOrderPayLinkConfirm(paymentKey: string, via: 'success' | 'cancel') {
  return useQuery({
    queryKey: [...orderPayLinksKey, 'confirm', paymentKey, via],
    queryFn: ({ signal }) =>
      api.get<TOrderPaymentConfirmResponse>(
        'orderpaymentconfirm',
        { payment_key: paymentKey, return_via: via },
        { silent: true, signal },
      ),
    retry: retryOnce,
    staleTime: 0,
    meta: { perVisitor: true },
  });
}

/** Starts paying the order's balance: the gateway's page to go to. */
export const startOrderPayLinkPayment = (linkKey: string) =>
  api.post<TPayOrderPayLinkResponse>('orderpaylink', { link_key: linkKey });
