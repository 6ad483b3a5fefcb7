import type { TAnswerProofBody, TOrderProof, TOrderProofsResponse } from '@portal/contracts/proofs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Under 'account' so that signing in as someone else drops them. */
const proofsKey = (orderKey: string) => ['account', 'orderproofs', orderKey] as const;

export function useOrderProofs(orderKey: string) {
  return useQuery({
    queryKey: proofsKey(orderKey),
    queryFn: ({ signal }) =>
      api.get<TOrderProofsResponse>('orderproofs', { order_key: orderKey }, { silent: true, signal }),
  });
}

/** Approves a proof or asks for changes (answerproof), then reads the proofs afresh. */
export function useAnswerProof(orderKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TAnswerProofBody, 'order_key'>) =>
      api.post<{ message: string; proof: TOrderProof }>('answerproof', { ...body, order_key: orderKey }),
    onSettled: () => client.invalidateQueries({ queryKey: proofsKey(orderKey) }),
  });
}
