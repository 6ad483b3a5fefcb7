import type { TCreateStaffBody, TCreateStaffResponse, TStaffAccountsResponse } from '@portal/contracts/admin-staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The back office's calls for staff accounts; every change reads the list again. */

const KEY = ['account', 'staff', 'staff-accounts'] as const;
type Ok = { message: string };

export function useStaffAccounts() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => api.get<TStaffAccountsResponse>('admin/staff', undefined, { signal }),
  });
}

function useStaffAccountChange<TBody, TOut extends Ok = Ok>(call: (body: TBody) => Promise<TOut>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const useCreateStaff = () =>
  useStaffAccountChange((body: TCreateStaffBody) => api.post<TCreateStaffResponse>('admin/staff', body));
export const useStaffStatus = () =>
  useStaffAccountChange(({ id, status }: { id: number; status: 0 | 1 }) =>
    api.post<Ok>(`admin/staff/${id}/status`, { status }),
  );
export const useResendStaffInvitation = () =>
  useStaffAccountChange((id: number) => api.post<Ok>(`admin/staff/${id}/invitation`, {}));
