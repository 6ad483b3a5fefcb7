import type {
  TPaySponsorshipPayLinkResponse,
  TSponsorshipPayLinkResponse,
  TSponsorshipPaymentConfirmResponse,
} from '@portal/contracts/pay-links';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

const payLinksKey = ['pay-links'] as const;

/** An unknown or expired link (4xx) is an answer: asking again would not change it. */
const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * What a pay link pays. Read in the browser only (`perVisitor`): the server renders these
 * pages once per address and keeps them, and what is left to pay changes with every payment.
 */
export function usePayLink(linkKey: string) {
  return useQuery({
    queryKey: [...payLinksKey, 'link', linkKey],
    queryFn: ({ signal }) =>
      api.get<TSponsorshipPayLinkResponse>('sponsorshippaylink', { link_key: linkKey }, { silent: true, signal }),
    retry: retryOnce,
    staleTime: 0,
    meta: { perVisitor: true },
  });
}

/** The server's record of a pay-link payment the gateway sent the payer back from (it settles it first). */
export function usePayLinkConfirm(paymentKey: string, via: 'success' | 'cancel') {
  return useQuery({
    queryKey: [...payLinksKey, 'confirm', paymentKey, via],
    queryFn: ({ signal }) =>
      api.get<TSponsorshipPaymentConfirmResponse>(
        'sponsorshippaymentconfirm',
        { payment_key: paymentKey, return_via: via },
        { silent: true, signal },
      ),
    retry: retryOnce,
    staleTime: 0,
    meta: { perVisitor: true },
  });
}

/** Starts the payment the link names: the gateway's page to go to. */
export const startPayLinkPayment = (linkKey: string) =>
  api.post<TPaySponsorshipPayLinkResponse>('sponsorshippaylink', { link_key: linkKey });

/** Sends the browser to the payment gateway's page (a full navigation: it is another site). */
export const goToGateway = (url: string) => window.location.assign(url);
