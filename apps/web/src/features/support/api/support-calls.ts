import type { TFaqCatsResponse, TFaqsResponse } from '@portal/contracts/support';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Under 'account': a school and a sponsor read different answers. */
export function useFaqCategories() {
  return useQuery({
    queryKey: ['account', 'faqcats'],
    queryFn: ({ signal }) => api.get<TFaqCatsResponse>('faqcats', undefined, { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useFaqs(category: string | undefined) {
  return useQuery({
    queryKey: ['account', 'faqs', category],
    queryFn: ({ signal }) => api.get<TFaqsResponse>('faqs', { category }, { silent: true, signal }),
    enabled: !!category,
    staleTime: 5 * 60_000,
  });
}
