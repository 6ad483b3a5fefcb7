import { Anchor, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKETS,
  type AgeingBucket,
  MONEY_OWED_KIND_LABELS,
  MONEY_OWED_KINDS,
  MONEY_OWED_PAGE_SIZE,
  type MoneyOwedKind,
  type TMoneyOwedRow,
} from '@portal/contracts/admin-money-owed';
import { formatMoney } from '@portal/contracts/money';
import { IconDownload } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { backOfficePath } from '../sections.ts';
import { downloadMoneyOwedCsv, useMoneyOwed } from './api.ts';

const isKind = (v: string): v is MoneyOwedKind => (MONEY_OWED_KINDS as readonly string[]).includes(v);
const isBucket = (v: string): v is AgeingBucket => (AGEING_BUCKETS as readonly string[]).includes(v);

const longDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Where a line's record opens: its sponsorship, or its order (administrators). */
const recordPath = (r: TMoneyOwedRow) =>
  backOfficePath(r.kind === 'order' ? `orders/${r.record_id}` : `sponsorships/${r.record_id}`);

/**
 * Money owed (administrators and sales reps): what sponsors and invoiced schools owe, aged
 * by days past the due date, each invoice of an order on its own line, with the total of each
 * band; a band narrows the list. A rep sees only their own sponsors. Filters live in the
 * address; the server pages and adds up; the CSV holds every line of the same choice.
 */
export default function MoneyOwedScreen({ role }: { role: 'admin' | 'rep' }) {
  usePageMeta({ title: 'Money owed' });
  const { get, page, setPage, update } = useListParams();
  const kindParam = get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const bucketParam = get('age');
  const bucket = isBucket(bucketParam) ? bucketParam : undefined;
  const choice = { kind, bucket };
  // Filtered, paged and added up by the server: a page of lines, and the totals of every band.
  const report = useMoneyOwed(choice, page);
  const totals = report.data?.totals;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          Money owed
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={!report.data}
          onClick={() => report.data && void downloadMoneyOwedCsv(choice, report.data.today)}
        >
          Export CSV
        </Button>
      </Group>
      {role === 'admin' && (
        <SegmentedControl
          aria-label="What is owed"
          value={kind ?? 'all'}
          onChange={(value) => update({ kind: value === 'all' ? '' : value, page: '' })}
          data={[
            { value: 'all', label: 'All' },
            ...MONEY_OWED_KINDS.map((k) => ({ value: k, label: `${MONEY_OWED_KIND_LABELS[k]}s` })),
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      {totals && (
        <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="sm">
          {AGEING_BUCKETS.map((b) => (
            <Paper
              key={b}
              withBorder
              radius="md"
              p="sm"
              component="button"
              type="button"
              aria-pressed={bucket === b}
              onClick={() => update({ age: bucket === b ? '' : b, page: '' })}
              style={{
                textAlign: 'left',
                cursor: 'pointer',
                borderColor: bucket === b ? 'var(--mantine-color-blue-7)' : undefined,
              }}
              data-testid={`owed-${b}`}
            >
              <Text size="sm" c="gray.7">
                {AGEING_BUCKET_LABELS[b]}
              </Text>
              <Text fw={700}>{formatMoney(totals[b])}</Text>
            </Paper>
          ))}
          <Paper withBorder radius="md" p="sm" data-testid="owed-all">
            <Text size="sm" c="gray.7">
              Total owed
            </Text>
            <Text fw={700}>{formatMoney(totals.all)}</Text>
          </Paper>
        </SimpleGrid>
      )}
      {report.isError ? (
        <LoadError message={report.error.message} onRetry={() => void report.refetch()} />
      ) : (
        <DataTable<TMoneyOwedRow>
          {...STAFF_TABLE}
          fetching={report.isFetching}
          records={report.data?.rows ?? []}
          idAccessor={(r) => `${r.kind}-${r.record_id}-${r.invoice_id ?? ''}`}
          totalRecords={report.data?.total_rows ?? 0}
          recordsPerPage={MONEY_OWED_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText="Nothing is owed."
          columns={[
            {
              accessor: 'record_id',
              title: 'Record',
              render: (r) => (
                <Stack gap={0}>
                  <Anchor
                    component={Link}
                    to={recordPath(r)}
                    size="sm"
                    aria-label={`${MONEY_OWED_KIND_LABELS[r.kind]} #${r.record_id}`}
                  >
                    #{r.record_id}
                  </Anchor>
                  <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                    {MONEY_OWED_KIND_LABELS[r.kind]}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'name',
              title: 'Owed by',
              render: (r) => <span style={{ overflowWrap: 'anywhere' }}>{r.name}</span>,
            },
            {
              accessor: 'invoice',
              title: 'Invoice',
              // Only school orders have one, and only administrators see them.
              hidden: role !== 'admin' || kind === 'sponsorship',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'rep_name',
              title: 'Sales rep',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            },
            {
              accessor: 'due_date',
              title: 'Due',
              render: (r) => longDay(r.due_date),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'bucket',
              title: 'Age',
              render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{AGEING_BUCKET_LABELS[r.bucket]}</span>,
            },
            {
              accessor: 'balance',
              title: 'Balance',
              textAlign: 'right',
              render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{r.balance_html}</span>,
            },
          ]}
        />
      )}
    </Stack>
  );
}
