import { Button, Group, Text } from '@mantine/core';
import { COUNT_CAP, countLabel } from '@portal/contracts/paging';
import type { ReactNode } from 'react';

/** What a list paged deep by cursor answers: its capped count and the cursor of the next page. */
interface DeepAnswer {
  total: number;
  total_capped: boolean;
  next: string | null;
}

/** Where the list stands, as its address holds it (`useListParams`). */
interface ListPlace {
  page: number;
  /** The cursor the page was read after; '' for a numbered page. */
  after: string;
  setPage: (page: number) => void;
  showAfter: (cursor: string, page: number) => void;
}

/**
 * The pages of a list that may hold a region's year (the orders, the audit log, the schools,
 * the sponsors, the sponsorships, the enquiries). Its first pages are numbered, up to the
 * 1,000 rows it counts; past them, and whenever the list was counted only that far, "Next"
 * follows the cursor of the page shown, page after page, and "First page" goes back to the
 * numbers. A sort that pages by number only answers no cursor, and offers no "Next".
 * Answers the table's pagination (none while paging by cursor) and what goes under it.
 */
export function deepPages(
  { page, after, setPage, showAfter }: ListPlace,
  answer: DeepAnswer | undefined,
  /** The rows the page shows, and how many a page holds. */
  { rows, pageSize }: { rows: number; pageSize: number },
): {
  pagination:
    | {
        totalRecords: number;
        recordsPerPage: number;
        page: number;
        onPageChange: (page: number) => void;
        paginationText: (range: { from: number; to: number }) => string;
      }
    | Record<string, never>;
  footer: ReactNode;
} {
  const label = countLabel(answer?.total ?? 0, answer?.total_capped ?? false);
  const lastNumbered = Math.ceil(COUNT_CAP / pageSize);
  const next = answer?.next ?? null;
  const nextButton = next && (
    <Button variant="default" size="xs" onClick={() => showAfter(next, page + 1)}>
      Next {pageSize} →
    </Button>
  );
  if (after) {
    const from = (page - 1) * pageSize + 1;
    const to = from + Math.max(rows, 1) - 1;
    return {
      pagination: {},
      footer: (
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            Rows {from.toLocaleString('en-US')}–{to.toLocaleString('en-US')} of {label}
          </Text>
          <Group gap="xs">
            <Button variant="subtle" size="xs" onClick={() => setPage(1)}>
              First page
            </Button>
            {nextButton}
          </Group>
        </Group>
      ),
    };
  }
  const capped = answer?.total_capped ?? false;
  return {
    pagination: {
      // Counted only to 1,000: the numbers reach that far, and the next pages go by cursor.
      totalRecords: capped ? COUNT_CAP : (answer?.total ?? 0),
      recordsPerPage: pageSize,
      page,
      onPageChange: setPage,
      paginationText: ({ from, to }) => `${from}–${to} of ${label}`,
    },
    footer:
      capped && page >= lastNumbered && nextButton ? (
        <Group justify="flex-end" gap="xs">
          <Text size="sm">More than {COUNT_CAP.toLocaleString('en-US')} rows:</Text>
          {nextButton}
        </Group>
      ) : null,
  };
}
