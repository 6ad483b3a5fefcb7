import { Button, Checkbox, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import {
  ADMIN_SPONSORSHIP_SORTS,
  ADMIN_SPONSORSHIPS_PAGE_SIZE,
  type AdminSponsorshipSort,
  type TAdminSponsorshipRow,
  type TAdminSponsorshipsQuery,
} from '@portal/contracts/admin-sponsorships';
import { formatMoney } from '@portal/contracts/money';
import { SPONSORSHIP_STATUSES, type SponsorshipStatus, sponsorshipYears } from '@portal/contracts/sponsorships';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { SponsorshipStatusBadge } from '../../../components/sponsorship-status-badge.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { deepPages } from '../lib/deep-pages.tsx';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { backOfficePath } from '../sections.ts';
import { useAdminSponsorships } from './api.ts';
import { STATUS_OPTIONS, schoolYear, TEXT, when } from './texts.ts';

const isSort = (v: string | null): v is AdminSponsorshipSort =>
  (ADMIN_SPONSORSHIP_SORTS as readonly string[]).includes(v ?? '');
const isStatus = (v: string | null): v is SponsorshipStatus =>
  (SPONSORSHIP_STATUSES as readonly string[]).includes(v ?? '');

/**
 * Every sponsorship the staff member may see (a rep: their sponsors'), filtered by status,
 * year, sponsor and what is owed, sorted and paged; filters live in the address.
 */
export default function SponsorshipsListScreen() {
  usePageMeta({ title: TEXT.listTitle });
  const navigate = useNavigate();
  const place = useListParams();
  const { get, page, after, q, words, setWords, update } = place;
  const status = get('status');
  const year = get('year') ?? '';
  const owed = get('owed') === '1';
  const sortParam = get('sort');
  const sort: AdminSponsorshipSort = isSort(sortParam) ? sortParam : 'updated';
  const dir = get('dir') === 'asc' ? 'asc' : 'desc';

  const query: TAdminSponsorshipsQuery = {
    page,
    sort,
    dir,
    ...(isStatus(status) ? { status } : {}),
    ...(year ? { year: Number(year) } : {}),
    ...(q ? { q } : {}),
    ...(owed ? { owed: '1' } : {}),
    ...(after ? { after } : {}),
  };
  const list = useAdminSponsorships(query);
  const pages = deepPages(place, list.data, {
    rows: list.data?.sponsorships.length ?? 0,
    pageSize: ADMIN_SPONSORSHIPS_PAGE_SIZE,
  });

  const sortStatus: DataTableSortStatus<TAdminSponsorshipRow> = {
    columnAccessor: sort,
    direction: dir,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {TEXT.listTitle}
        </Title>
        <Button component={Link} to={backOfficePath('sponsorships/new')}>
          {TEXT.newButton}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={TEXT.statusLabel}
          placeholder={TEXT.allStatuses}
          data={STATUS_OPTIONS}
          value={isStatus(status) ? status : null}
          onChange={(value) => update({ status: value ?? '', page: '' })}
          clearable
          w={170}
        />
        <Select
          label={TEXT.yearLabel}
          placeholder={TEXT.allYears}
          data={sponsorshipYears(new Date()).map((y) => ({ value: String(y), label: schoolYear(y) }))}
          value={year || null}
          onChange={(value) => update({ year: value ?? '', page: '' })}
          clearable
          w={150}
        />
        <TextInput
          label={TEXT.searchLabel}
          placeholder={TEXT.searchPlaceholder}
          value={words}
          onChange={(event) => setWords(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: '1 1 200px' }}
        />
        <Checkbox
          label={TEXT.owedLabel}
          checked={owed}
          onChange={(event) => update({ owed: event.currentTarget.checked ? '1' : '', page: '' })}
          mb={8}
        />
      </Group>
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<TAdminSponsorshipRow>
          {...STAFF_TABLE}
          fetching={list.isFetching}
          records={list.data?.sponsorships ?? []}
          idAccessor="sponsorship_id"
          {...pages.pagination}
          sortStatus={sortStatus}
          onSortStatusChange={(next) => update({ sort: String(next.columnAccessor), dir: next.direction, page: '' })}
          onRowClick={({ record }) => void navigate(backOfficePath(`sponsorships/${record.sponsorship_id}`))}
          noRecordsText={TEXT.noneMatch}
          columns={[
            {
              accessor: 'id',
              title: '#',
              sortable: true,
              render: (s) => (
                <Link to={backOfficePath(`sponsorships/${s.sponsorship_id}`)} onClick={(e) => e.stopPropagation()}>
                  #{s.sponsorship_id}
                </Link>
              ),
              width: 64,
            },
            { accessor: 'sponsor', title: 'Sponsor', sortable: true },
            {
              accessor: 'year',
              title: 'Year',
              sortable: true,
              render: (s) => schoolYear(s.year),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'status',
              title: 'Status',
              noWrap: true,
              render: (s) => <SponsorshipStatusBadge status={s.status} label={s.status} />,
            },
            {
              accessor: 'total_qty',
              title: 'Qty',
              textAlign: 'right',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'total',
              title: 'Total',
              sortable: true,
              textAlign: 'right',
              render: (s) => formatMoney(s.total_cents),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'paid',
              title: 'Paid',
              textAlign: 'right',
              render: (s) => formatMoney(s.paid_cents),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'left',
              title: 'Left',
              noWrap: true,
              sortable: true,
              textAlign: 'right',
              render: (s) => formatMoney(s.left_cents),
            },
            {
              accessor: 'updated',
              title: 'Last update',
              sortable: true,
              render: (s) => when.format(new Date(s.updated_at)),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            },
          ]}
        />
      )}
      {!list.isError && pages.footer}
    </Stack>
  );
}
