import type { TSalesRepsResponse } from '@portal/contracts/geography';
import type { TSponsorAccountBody, TSponsorDetailsResponse } from '@portal/contracts/profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Under 'account' so that signing in as someone else drops it. */
export const SPONSOR_DETAILS_KEY = ['account', 'sponsordetails'] as const;

/** The signed-in sponsor's details. Silent: each screen decides what a failure means. */
export function useSponsorDetails() {
  return useQuery({
    queryKey: SPONSOR_DETAILS_KEY,
    queryFn: ({ signal }) => api.get<TSponsorDetailsResponse>('sponsordetails', undefined, { silent: true, signal }),
    select: (data) => data.result,
    retry: false,
    staleTime: 0,
  });
}

export function useSalesReps(enabled: boolean) {
  return useQuery({
    queryKey: ['salesreps'],
    queryFn: ({ signal }) => api.get<TSalesRepsResponse>('salesreps', undefined, { signal }),
    select: (data) => data.salesreps,
    enabled,
    staleTime: 10 * 60 * 1000,
  });
}

/** First-time details ({business_name, srep_id}) or the profile (with primary_email): one call, two shapes. */
export function useSaveSponsorAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSponsorAccountBody & { status: number }) =>
      api.post<{ message: string }>('sponsoraccount', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SPONSOR_DETAILS_KEY }),
  });
}

/** The assigned sales representative as the sponsor reads it; empty when none is assigned yet. */
export const assignedRep = (d: { sr_fname: string; sr_lname: string }) => `${d.sr_fname} ${d.sr_lname}`.trim();
