import type { TSchoolAccountBody, TSchoolDetailsResponse } from '@portal/contracts/profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Under 'account' so that signing in as someone else drops it. */
export const SCHOOL_DETAILS_KEY = ['account', 'schooldetails'] as const;

/** The signed-in school's details. Silent: each screen decides what a failure means. */
export function useSchoolDetails() {
  return useQuery({
    queryKey: SCHOOL_DETAILS_KEY,
    queryFn: ({ signal }) => api.get<TSchoolDetailsResponse>('schooldetails', undefined, { silent: true, signal }),
    select: (data) => data.result,
    retry: false,
    staleTime: 0,
  });
}

export function useSaveSchoolAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSchoolAccountBody) => api.post<{ message: string }>('schoolaccount', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOL_DETAILS_KEY }),
  });
}
