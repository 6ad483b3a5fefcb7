import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A staff list's filters kept in the address (Back and a shared link keep them): `get`
 * reads one, `update` changes some and drops the blank ones; the search box is debounced
 * and typing starts again from the first page. A page deep into a long list is held as the
 * cursor of the page before it (`after`) with its number; any change of page or filter
 * that sets the page leaves the cursor behind.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [words, setWords] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(words.trim(), 300);

  const update = (next: Record<string, string>) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        if ('page' in next && !('after' in next)) merged.delete('after');
        for (const [key, value] of Object.entries(next)) {
          if (value) merged.set(key, value);
          else merged.delete(key);
        }
        return merged;
      },
      { replace: true },
    );

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q, page: '' });
  });

  /** Another page of the table; the first is the address without one. */
  const setPage = (next: number) => update({ page: next > 1 ? String(next) : '' });

  /** The page `page` of the list, after the row that `cursor` names. */
  const showAfter = (cursor: string, next: number) => update({ after: cursor, page: String(next) });

  return {
    get: (key: string) => params.get(key) ?? '',
    page,
    setPage,
    after: params.get('after') ?? '',
    showAfter,
    q,
    words,
    setWords,
    update,
  };
}
