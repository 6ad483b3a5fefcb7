import { countLabel } from '@portal/contracts/paging';

/** How every staff table looks: bordered, striped rows that light up under the pointer, never collapsing while it loads. */
export const STAFF_TABLE = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  highlightOnHover: true,
  minHeight: 180,
} as const;

/**
 * A back-office list's row count for its table: the count the answer gives (counted up to
 * COUNT_CAP + 1) and the pager's words, "26–50 of 1,000+" past the cap.
 */
export function countedRows(answer: { total: number; total_capped: boolean } | undefined) {
  const total = answer?.total ?? 0;
  const label = countLabel(total, answer?.total_capped ?? false);
  return {
    totalRecords: total,
    paginationText: ({ from, to }: { from: number; to: number }) => `${from}–${to} of ${label}`,
  };
}
