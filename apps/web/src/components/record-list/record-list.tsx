import '../../styles/mantine-forms.css';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../page-states.tsx';
import classes from './record-list.module.css';

/** A column of the desktop table. */
export interface RecordColumn<TRow> {
  /** The column's heading; with `hiddenHeader`, read by screen readers only (a column of buttons). */
  header: string;
  hiddenHeader?: boolean;
  align?: 'right';
  /** Figures: digits of one width, so that they line up. */
  figure?: boolean;
  /** The one column whose text wraps (a product's name); the others keep to one line. */
  wraps?: boolean;
  cell: (row: TRow) => ReactNode;
}

export interface RecordListProps<TPage, TRow> {
  /** The pages read so far, from `useInfinitePages`. */
  list: UseInfiniteQueryResult<InfiniteData<TPage>>;
  rows: (page: TPage) => TRow[];
  rowKey: (row: TRow) => string | number;
  /** What sits above the list, on one line that wraps: filters, then the list's buttons. */
  toolbar?: ReactNode;
  /** What the list holds ("Orders"), for the cards' list, and while it loads ("Loading orders"). */
  label: string;
  loadingLabel: string;
  /** What an empty list says, and what to do instead. */
  empty: { title: string; hint: string; action?: ReactNode };
  /** A row as a phone shows it: a `RecordCard`. */
  card: (row: TRow) => ReactNode;
  columns: RecordColumn<TRow>[];
  /** Below this width (px) the table scrolls sideways. */
  tableMinWidth: number;
  tableTestId: string;
  showMoreLabel: string;
}

/** Calls `onSeen` when the end of the list comes near (spec §9: infinite scroll). */
function useLoadMoreWhenSeen(onSeen: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onSeen);
  latest.current = onSeen;
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

/**
 * A signed-in account's list (spec §3, §9): cards on phones, a table on wider screens, the
 * next page read as its end comes near or at the press of Show more; its loading, failed
 * and empty states. It renders as several children of the page's stack.
 */
export function RecordList<TPage, TRow>({
  list,
  rows,
  rowKey,
  toolbar,
  label,
  loadingLabel,
  empty,
  card,
  columns,
  tableMinWidth,
  tableTestId,
  showMoreLabel,
}: RecordListProps<TPage, TRow>) {
  const records = list.data?.pages.flatMap(rows) ?? [];
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  const sentinel = useLoadMoreWhenSeen(loadMore, list.hasNextPage);
  const cellClass = (column: RecordColumn<TRow>) =>
    [column.wraps && classes.wraps, column.figure && classes.figure].filter(Boolean).join(' ') || undefined;

  return (
    <>
      {toolbar && (
        <Group justify="space-between" align="end" wrap="wrap" gap="sm">
          {toolbar}
        </Group>
      )}
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={loadingLabel}>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : records.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>{empty.title}</Text>
            <Text c="gray.7">{empty.hint}</Text>
            {empty.action}
          </Stack>
        </Paper>
      ) : (
        <>
          <Stack gap="sm" component="ul" className={classes.cards} aria-label={label}>
            {records.map((row) => (
              <Fragment key={rowKey(row)}>{card(row)}</Fragment>
            ))}
          </Stack>
          <Paper withBorder radius="lg" className={classes.table}>
            <Table.ScrollContainer minWidth={tableMinWidth}>
              <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid={tableTestId}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column.header} scope="col" ta={column.align}>
                        {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {records.map((row) => (
                    <Table.Tr key={rowKey(row)}>
                      {columns.map((column) => (
                        <Table.Td key={column.header} ta={column.align} className={cellClass(column)}>
                          {column.cell(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}
      <div ref={sentinel} aria-hidden />
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={loadMore} loading={list.isFetchingNextPage}>
            {showMoreLabel}
          </Button>
        </Group>
      )}
    </>
  );
}

/** A row as a phone shows it: its link and status on the first line, then `children`. */
export function RecordCard({
  to,
  title,
  status,
  children,
}: {
  to: string;
  title: string;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={to} fw={700}>
          {title}
        </Anchor>
        {status}
      </Group>
      {children}
    </Paper>
  );
}

/** The record's id in the table, linking to its page: "#12". */
export function RecordLink({ to, id }: { to: string; id: number }) {
  return (
    <Anchor component={Link} to={to} fw={700}>
      #{id}
    </Anchor>
  );
}

/** The table's last cell: View, named for screen readers by what it opens. */
export function ViewButton({ to, label, text = 'View' }: { to: string; label: string; text?: string }) {
  return (
    <Button component={Link} to={to} size="xs" variant="default" aria-label={label}>
      {text}
    </Button>
  );
}
