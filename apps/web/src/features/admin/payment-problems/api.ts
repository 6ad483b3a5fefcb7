import type {
  TAdminPaymentDisputesResponse,
  TAdminPaymentProblemsResponse,
  TResolvePaymentProblemBody,
  TResolvePaymentProblemResponse,
} from '@portal/contracts/payment-problems';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const problemsKey = ['account', 'staff', 'payment-problems'] as const;

/** Every problem payment awaiting a decision (administrators). */
export function usePaymentProblems() {
  return useQuery({
    queryKey: problemsKey,
    queryFn: ({ signal }) => api.get<TAdminPaymentProblemsResponse>('admin/payment-problems', undefined, { signal }),
  });
}

/** Card disputes reported by the gateway: open ones and those decided lately (administrators). */
export function usePaymentDisputes() {
  return useQuery({
    queryKey: [...problemsKey, 'disputes'],
    queryFn: ({ signal }) => api.get<TAdminPaymentDisputesResponse>('admin/payment-disputes', undefined, { signal }),
  });
}

/**
 * An administrator's decision on one; afterwards the list and every staff screen's money
 * (orders, sponsorships, money owed) are read again.
 */
export function useResolvePaymentProblem(paymentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TResolvePaymentProblemBody) =>
      api.post<TResolvePaymentProblemResponse>(`admin/payment-problems/${paymentId}/resolve`, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['account', 'staff'] }),
  });
}
