import type {
  TAdminSponsorshipDetailResponse,
  TAdminSponsorshipPayLinkSent,
  TAdminSponsorshipSaved,
  TAdminSponsorshipsQuery,
  TAdminSponsorshipsResponse,
  TCloseCheckoutBody,
  TCreateAdminSponsorshipBody,
  TOfflinePaymentBody,
  TSendPayLinkBody,
  TSponsorChoicesResponse,
  TUpdateSponsorshipItemsBody,
} from '@portal/contracts/admin-sponsorships';
import type { TAdminRefundBody } from '@portal/contracts/refunds';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Under 'account' so that signing in as someone else drops it. */
const KEY = ['account', 'staff', 'sponsorships'] as const;

export function useAdminSponsorships(query: TAdminSponsorshipsQuery) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) =>
      api.get<TAdminSponsorshipsResponse>('admin/sponsorships', { ...query } as Record<string, string>, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Sponsors the staff member may set a sponsorship up for, by words, or the one with this id. */
export function useSponsorChoices(q: string, id?: number) {
  return useQuery({
    queryKey: [...KEY, 'sponsors', q, id],
    queryFn: ({ signal }) => api.get<TSponsorChoicesResponse>('admin/sponsorships/sponsors', { q, id }, { signal }),
    select: (data) => data.sponsors,
    placeholderData: keepPreviousData,
  });
}

export function useAdminSponsorship(id: number) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) =>
      api.get<TAdminSponsorshipDetailResponse>(`admin/sponsorships/${id}`, undefined, { signal }),
  });
}

/** A change to one sponsorship; the lists and its detail are read again afterwards. */
function useChange<B, A extends TAdminSponsorshipSaved = TAdminSponsorshipSaved>(call: (body: B) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Read again after a refusal too: a stale tab then shows the record as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const useCreateSponsorship = () =>
  useChange((body: TCreateAdminSponsorshipBody) => api.post<TAdminSponsorshipSaved>('admin/sponsorships', body));

export const useSaveSponsorshipItems = (id: number) =>
  useChange((body: TUpdateSponsorshipItemsBody) =>
    api.post<TAdminSponsorshipSaved>(`admin/sponsorships/${id}/items`, body),
  );

export const useApproveSponsorship = (id: number) =>
  useChange((_: undefined) => api.post<TAdminSponsorshipSaved>(`admin/sponsorships/${id}/approve`, {}));

export const useRecordOfflinePayment = (id: number) =>
  useChange((body: TOfflinePaymentBody) =>
    api.post<TAdminSponsorshipSaved>(`admin/sponsorships/${id}/offline-payment`, body),
  );

/** A card checkout the sponsor left open, closed so that what it held may be paid another way. */
export const useCloseCheckout = (id: number) =>
  useChange((body: TCloseCheckoutBody) =>
    api.post<TAdminSponsorshipSaved>(`admin/sponsorships/${id}/close-checkout`, body),
  );

export const useRefundSponsorshipPayment = (id: number) =>
  useChange((body: TAdminRefundBody) => api.post<TAdminSponsorshipSaved>(`admin/sponsorships/${id}/refund`, body));

export const useSendPayLink = (id: number) =>
  useChange((body: TSendPayLinkBody) =>
    api.post<TAdminSponsorshipPayLinkSent>(`admin/sponsorships/${id}/pay-link`, body),
  );
