import type { TAuditLogResponse, TStaffMeResponse } from '@portal/contracts/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Who is signed in to the back office, and their role. */
export function useStaffMe() {
  return useQuery({
    queryKey: ['account', 'staff', 'me'],
    queryFn: ({ signal }) => api.get<TStaffMeResponse>('admin/me', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** What the audit log screen asks for: a record type, words, a page. */
export interface AuditFilter {
  entity?: string | undefined;
  q?: string | undefined;
  page: number;
  /** The cursor of the page before, for a page deep into the log. */
  after?: string | undefined;
}

export function useAuditLog(query: AuditFilter) {
  return useQuery({
    queryKey: ['account', 'staff', 'auditlog', query],
    queryFn: ({ signal }) => api.get<TAuditLogResponse>('admin/auditlog', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
