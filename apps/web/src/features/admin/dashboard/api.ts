import type { TAdminDashboardResponse } from '@portal/contracts/admin-dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The start page's figures: one call, read again when the page is opened after a minute. */
export function useDashboard() {
  return useQuery({
    queryKey: ['account', 'staff', 'dashboard'],
    queryFn: ({ signal }) => api.get<TAdminDashboardResponse>('admin/dashboard', undefined, { signal }),
    staleTime: 60_000,
  });
}
