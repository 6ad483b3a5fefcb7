import type {
  TPaySponsorshipPayLinkResponse,
  TSponsorshipPayLinkResponse,
  TSponsorshipPaymentConfirmResponse,
} from '@portal/contracts/pay-links';
import { useQuery } from '@tanstack/react-query';
import { payLinkQueryOptions } from '../../../components/pay-links/pay-link-queries.ts';
import { api } from '../../../lib/api-client.ts';

const payLinksKey = ['pay-links'] as const;

/** What a sponsorship's pay link pays. */
export function usePayLink(linkKey: string) {
  return useQuery({
    queryKey: [...payLinksKey, 'link', linkKey],
    queryFn: ({ signal }) =>
      api.get<TSponsorshipPayLinkResponse>('sponsorshippaylink', { link_key: linkKey }, { silent: true, signal }),
    ...payLinkQueryOptions,
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
    ...payLinkQueryOptions,
  });
}

/** Starts the payment the link names: the gateway's page to go to. */
export const startPayLinkPayment = (linkKey: string) =>
  api.post<TPaySponsorshipPayLinkResponse>('sponsorshippaylink', { link_key: linkKey });
