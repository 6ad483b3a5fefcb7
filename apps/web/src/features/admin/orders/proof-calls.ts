import type { ProofShows, TAdminOrderProofsResponse, TStaffOrderProof } from '@portal/contracts/proofs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Under the orders' key, so that a change of the order reads its proofs again, and a new proof the order. */
const ordersKey = ['account', 'staff', 'orders'] as const;

export function useOrderProofs(orderId: number) {
  return useQuery({
    queryKey: [...ordersKey, 'proofs', orderId],
    queryFn: ({ signal }) =>
      api.get<TAdminOrderProofsResponse>(`admin/orders/${orderId}/proofs`, undefined, { signal }),
  });
}

/** Uploads a proof with its progress; the order (its allowed moves) and its proofs are read again after it. */
export function useUploadProof(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shows, file, onProgress }: { shows: ProofShows; file: File; onProgress: (f: number) => void }) => {
      const form = new FormData();
      form.append('shows', shows);
      form.append('cfile', file);
      return api.upload<{ message: string; proof: TStaffOrderProof }>(
        `admin/orders/${orderId}/proofs`,
        form,
        onProgress,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}
