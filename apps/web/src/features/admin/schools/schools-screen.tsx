import { Anchor, Badge, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import type { StaffRole } from '@portal/contracts/admin';
import {
  ADMIN_SCHOOLS_PAGE_SIZE,
  SCHOOL_SORTS,
  type SchoolSort,
  type TAdminSchoolRow,
} from '@portal/contracts/admin-schools';
import { formatPhone } from '@portal/contracts/phone';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { deepPages } from '../lib/deep-pages.tsx';
import { day } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { backOfficePath } from '../sections.ts';
import { useStaffSchools } from './api.ts';
import { CertificateBadge } from './certificate-badge.tsx';
import SchoolDetailScreen from './school-detail-screen.tsx';

const SORT_LABELS: Record<SchoolSort, string> = {
  name_asc: 'Name, A to Z',
  name_desc: 'Name, Z to A',
  created_desc: 'Newest first',
  created_asc: 'Oldest first',
  orders_desc: 'Most orders',
};

function sortStatusOf(sort: SchoolSort): DataTableSortStatus<TAdminSchoolRow> {
  if (sort === 'name_asc' || sort === 'name_desc')
    return { columnAccessor: 'school_name', direction: sort === 'name_asc' ? 'asc' : 'desc' };
  if (sort === 'orders_desc') return { columnAccessor: 'orders', direction: 'desc' };
  return { columnAccessor: 'created_at', direction: sort === 'created_asc' ? 'asc' : 'desc' };
}

function sortOf(status: DataTableSortStatus<TAdminSchoolRow>): SchoolSort {
  if (status.columnAccessor === 'orders') return 'orders_desc';
  if (status.columnAccessor === 'created_at') return status.direction === 'asc' ? 'created_asc' : 'created_desc';
  return status.direction === 'asc' ? 'name_asc' : 'name_desc';
}

/**
 * The schools list: search by name, contact, e-mail or city; sort; paging, numbered up to
 * the 1,000 schools counted and then by cursor (the sort by orders is numbered only).
 */
function SchoolsList() {
  usePageMeta({ title: 'Schools' });
  const list = useListParams();
  const navigate = useNavigate();
  const sort = (SCHOOL_SORTS as readonly string[]).includes(list.get('sort'))
    ? (list.get('sort') as SchoolSort)
    : 'name_asc';
  const schools = useStaffSchools({ q: list.q || undefined, sort, page: list.page, after: list.after || undefined });
  const pages = deepPages(list, schools.data, {
    rows: schools.data?.schools.length ?? 0,
    pageSize: ADMIN_SCHOOLS_PAGE_SIZE,
  });
  const open = (id: number) => backOfficePath(`schools/${id}`);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Schools
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="School, contact, e-mail or city"
          value={list.words}
          onChange={(event) => list.setWords(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label="Sort by"
          data={SCHOOL_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
          value={sort}
          onChange={(value) => list.update({ sort: value && value !== 'name_asc' ? value : '', page: '' })}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {schools.isError ? (
        <LoadError message={schools.error.message} onRetry={() => void schools.refetch()} />
      ) : (
        <DataTable<TAdminSchoolRow>
          {...STAFF_TABLE}
          fetching={schools.isFetching}
          records={schools.data?.schools ?? []}
          idAccessor="user_id"
          {...pages.pagination}
          sortStatus={sortStatusOf(sort)}
          onSortStatusChange={(s) => list.update({ sort: sortOf(s) === 'name_asc' ? '' : sortOf(s), page: '' })}
          noRecordsText="No schools match."
          onRowClick={({ record }) => navigate(open(record.user_id))}
          columns={[
            {
              accessor: 'school_name',
              title: 'School',
              sortable: true,
              render: (s) => (
                <Group gap={4} wrap="nowrap">
                  <Anchor component={Link} to={open(s.user_id)} onClick={(e) => e.stopPropagation()}>
                    {s.school_name || '(details not filled in)'}
                  </Anchor>
                  {s.status === 0 && (
                    <Badge color="red.9" variant="outline" size="xs">
                      Disabled
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'primary_name',
              title: 'Contact',
              render: (s) => s.primary_name || '—',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'email',
              title: 'E-mail',
              render: (s) => <span style={{ overflowWrap: 'anywhere' }}>{s.email}</span>,
            },
            {
              accessor: 'phone',
              title: 'Phone',
              render: (s) => (s.phone ? formatPhone(s.phone) : '—'),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'city',
              title: 'City, state',
              render: (s) => [s.city, s.state].filter(Boolean).join(', ') || '—',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            },
            {
              accessor: 'orders',
              title: 'Orders',
              sortable: true,
              textAlign: 'right',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'certificate',
              title: 'Tax certificate',
              render: (s) => <CertificateBadge state={s.certificate} />,
            },
            {
              accessor: 'created_at',
              title: 'Registered',
              sortable: true,
              render: (s) => day.format(new Date(s.created_at)),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xl})`,
            },
          ]}
        />
      )}
      {!schools.isError && pages.footer}
    </Stack>
  );
}

/** /admin/schools and /admin/schools/:id */
export default function SchoolsScreen({ role }: { role: StaffRole }) {
  return (
    <Routes>
      <Route index element={<SchoolsList />} />
      <Route path=":id" element={<SchoolDetailScreen role={role} />} />
    </Routes>
  );
}
