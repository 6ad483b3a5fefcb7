import type {
  AdminEnquiriesQuery,
  AdminRequestsQuery,
  AdminSponsorsQuery,
  TAdminEnquiriesResponse,
  TAdminEnquiryResponse,
  TAdminRequestsResponse,
  TAdminSponsorFields,
  TAdminSponsorResponse,
  TAdminSponsorsResponse,
  TCreateSponsorResponse,
  TRecordHistoryResponse,
  TUpdateSponsorBody,
} from '@portal/contracts/admin-sponsors';
import type { TSalesRepsResponse } from '@portal/contracts/geography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The back office's calls for sponsors, enquiries and requests; every change refreshes their lists. */

const KEY = ['account', 'staff', 'sponsors'] as const;
type Ok = { message: string };

export function useStaffSponsors(query: z.output<typeof AdminSponsorsQuery>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => api.get<TAdminSponsorsResponse>('admin/sponsors', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffSponsor(id: number) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.get<TAdminSponsorResponse>(`admin/sponsors/${id}`, undefined, { signal }),
  });
}

/** The records whose history `admin/<kind>/<id>/history` answers. */
export type HistoryKind = 'sponsors' | 'enquiries' | 'schools' | 'categories' | 'products';

export function useRecordHistory(kind: HistoryKind, id: number) {
  return useQuery({
    queryKey: [...KEY, 'history', kind, id],
    queryFn: ({ signal }) => api.get<TRecordHistoryResponse>(`admin/${kind}/${id}/history`, undefined, { signal }),
  });
}

export function useSalesRepOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['salesreps'],
    queryFn: ({ signal }) => api.get<TSalesRepsResponse>('salesreps', undefined, { signal }),
    select: (data) =>
      data.salesreps.map((r) => ({ value: String(r.user_id), label: `${r.user_fname} ${r.user_lname}`.trim() })),
    enabled,
    staleTime: 10 * 60 * 1000,
  });
}

/** A change to a sponsor, an enquiry or a request: afterwards every list and record here is read again. */
function useStaffChange<TBody, TOut extends Ok = Ok>(call: (body: TBody) => Promise<TOut>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const useCreateSponsor = () =>
  useStaffChange((body: TAdminSponsorFields) => api.post<TCreateSponsorResponse>('admin/sponsors', body));
export const useUpdateSponsor = (id: number) =>
  useStaffChange((body: TUpdateSponsorBody) => api.post<Ok>(`admin/sponsors/${id}`, body));
export const useSponsorStatus = (id: number) =>
  useStaffChange((status: 0 | 1) => api.post<Ok>(`admin/sponsors/${id}/status`, { status }));
export const useResendInvitation = (id: number) =>
  useStaffChange(() => api.post<Ok>(`admin/sponsors/${id}/invitation`, {}));

export function useStaffEnquiries(query: z.output<typeof AdminEnquiriesQuery>) {
  return useQuery({
    queryKey: [...KEY, 'enquiries', query],
    queryFn: ({ signal }) => api.get<TAdminEnquiriesResponse>('admin/enquiries', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffEnquiry(id: number) {
  return useQuery({
    queryKey: [...KEY, 'enquiry', id],
    queryFn: ({ signal }) => api.get<TAdminEnquiryResponse>(`admin/enquiries/${id}`, undefined, { signal }),
  });
}

export const useReplyToEnquiry = (id: number) =>
  useStaffChange((message: string) => api.post<Ok>(`admin/enquiries/${id}/replies`, { message }));
export const useCloseEnquiry = (id: number) =>
  useStaffChange((closed: boolean) => api.post<Ok>(`admin/enquiries/${id}/close`, { closed }));

export function useContactRequests(query: z.output<typeof AdminRequestsQuery>) {
  return useQuery({
    queryKey: [...KEY, 'requests', query],
    queryFn: ({ signal }) => api.get<TAdminRequestsResponse>('admin/requests', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useMarkRequest = () =>
  useStaffChange(({ id, handled }: { id: number; handled: boolean }) =>
    api.post<Ok>(`admin/requests/${id}/handled`, { handled }),
  );
