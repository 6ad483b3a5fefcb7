import type {
  TOrderPayLinkResponse,
  TOrderPaymentConfirmResponse,
  TPayOrderPayLinkResponse,
} from '@portal/contracts/pay-links';
import { useQuery } from '@tanstack/react-query';
import { payLinkQueryOptions } from '../../../components/pay-links/pay-link-queries.ts';
import { api } from '../../../lib/api-client.ts';

const orderPayLinksKey = ['order-pay-links'] as const;

/** What an order's pay link pays. */
export function useOrderPayLink(linkKey: string) {
  return useQuery({
    queryKey: [...orderPayLinksKey, 'link', linkKey],
    queryFn: ({ signal }) =>
      api.get<TOrderPayLinkResponse>('orderpaylink', { link_key: linkKey }, { silent: true, signal }),
    ...payLinkQueryOptions,
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
    ...payLinkQueryOptions,
  });
}

/** Starts paying the order's balance: the gateway's page to go to. */
export const startOrderPayLinkPayment = (linkKey: string) =>
  api.post<TPayOrderPayLinkResponse>('orderpaylink', { link_key: linkKey });
