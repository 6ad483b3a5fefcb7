import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';

/** A 4xx (a school at a sponsor's list, say) is an answer: asking again would not change it. */
const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * A list read a page at a time as it scrolls (spec §9): `fetchPage` asks for page 1, 2, …
 * until an answer says no more follow. Always read afresh when the list is shown again.
 */
export function useInfinitePages<TPage extends { has_more: boolean }>(
  queryKey: QueryKey,
  fetchPage: (page: number, signal: AbortSignal) => Promise<TPage>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TPage, _all: TPage[], lastPage: number) => (last.has_more ? lastPage + 1 : undefined),
    retry: retryOnce,
    staleTime: 0,
  });
}
