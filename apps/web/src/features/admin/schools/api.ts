import type { AdminSchoolsQuery, TAdminSchoolResponse, TAdminSchoolsResponse } from '@portal/contracts/admin-schools';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The back office's calls for schools; a change refreshes the staff's lists and the school's history. */

const KEY = ['account', 'staff', 'schools'] as const;

export function useStaffSchools(query: z.output<typeof AdminSchoolsQuery>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => api.get<TAdminSchoolsResponse>('admin/schools', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffSchool(id: number) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.get<TAdminSchoolResponse>(`admin/schools/${id}`, undefined, { signal }),
  });
}

export function useSchoolStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: 0 | 1) => api.post<{ message: string }>(`admin/schools/${id}/status`, { status }),
    onSettled: () => client.invalidateQueries({ queryKey: ['account', 'staff'] }),
  });
}
