import type {
  CostSheetsQuery,
  TCostSheetResponse,
  TCostSheetsResponse,
  TSaveCostSheetBody,
  TSaveCostSheetResponse,
} from '@portal/contracts/admin-cost-sheets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The back office's calls for cost sheets; a save reads the list and the sheet (with its history) again. */

const KEY = ['account', 'staff', 'cost-sheets'] as const;

export function useCostSheets(query: z.output<typeof CostSheetsQuery>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => api.get<TCostSheetsResponse>('admin/cost-sheets', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCostSheet(productId: number) {
  return useQuery({
    queryKey: [...KEY, 'one', productId],
    queryFn: ({ signal }) => api.get<TCostSheetResponse>(`admin/cost-sheets/${productId}`, undefined, { signal }),
  });
}

export function useSaveCostSheet(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveCostSheetBody) => api.post<TSaveCostSheetResponse>(`admin/cost-sheets/${productId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
