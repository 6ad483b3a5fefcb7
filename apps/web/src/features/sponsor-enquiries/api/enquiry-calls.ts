import type {
  TEnquiriesResponse,
  TEnquiryConfirmResponse,
  TEnquiryDetailsResponse,
  TTempEnquiryResponse,
  TUpdateToEnquiryBody,
  TUpdateToEnquiryResponse,
} from '@portal/contracts/enquiries';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useInfinitePages } from '../../../components/record-list/use-infinite-pages.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

/** Under 'account' so that signing in as someone else drops them. */
const enquiriesKey = ['account', 'enquiries'] as const;

/** An unknown key (404) or a school (403) is an answer: asking again would not change it. */
const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** The enquiry being written (tempenq): its product and the profile that prefills the form. */
export function useTempEnquiry(enqKey: string) {
  return useQuery({
    queryKey: ['account', 'tempenq', enqKey],
    queryFn: ({ signal }) => api.get<TTempEnquiryResponse>('tempenq', { enq_id: enqKey }, { silent: true, signal }),
    retry: retryOnce,
    staleTime: 0,
  });
}

/** Sends the enquiry (updatetoenq); the list then reads afresh. */
export function useSendEnquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateToEnquiryBody) => api.post<TUpdateToEnquiryResponse>('updatetoenq', body),
    onSuccess: () => client.invalidateQueries({ queryKey: enquiriesKey }),
  });
}

export function useEnquiryConfirm(enqKey: string) {
  return useQuery({
    queryKey: ['account', 'enquiryconfirm', enqKey],
    queryFn: ({ signal }) =>
      api.get<TEnquiryConfirmResponse>('enquiryconfirm', { enq_key: enqKey }, { silent: true, signal }),
    retry: retryOnce,
    staleTime: 0,
  });
}

/** The sponsor's sent enquiries, a page at a time as the list scrolls. */
export function useEnquiries() {
  return useInfinitePages(enquiriesKey, (page, signal) =>
    api.get<TEnquiriesResponse>('enquiries', { page }, { silent: true, signal }),
  );
}

export function useEnquiryDetails(enqKey: string) {
  return useQuery({
    queryKey: ['account', 'enquirydetails', enqKey],
    queryFn: ({ signal }) =>
      api.get<TEnquiryDetailsResponse>('enquirydetails', { enq_key: enqKey }, { silent: true, signal }),
    retry: retryOnce,
    staleTime: 0,
  });
}
