import { Anchor, Badge, Button, Group, Modal, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { StaffRole } from '@portal/contracts/admin';
import { ADMIN_LIST_PAGE_SIZE, SPONSOR_SORTS, type TAdminSponsorRow } from '@portal/contracts/admin-sponsors';
import { formatMoney } from '@portal/contracts/money';
import { formatPhone } from '@portal/contracts/phone';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { deepPages } from '../lib/deep-pages.tsx';
import { day } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { backOfficePath } from '../sections.ts';
import { useCreateSponsor, useSalesRepOptions, useStaffSponsors } from './api.ts';
import SponsorDetailScreen from './sponsor-detail-screen.tsx';
import { EMPTY_SPONSOR, SponsorForm } from './sponsor-form.tsx';

type Sort = (typeof SPONSOR_SORTS)[number];
const SORT_OF: Record<string, { created: Sort; company: Sort }> = {
  asc: { created: 'created_asc', company: 'company_asc' },
  desc: { created: 'created_desc', company: 'company_desc' },
};

function sortStatusOf(sort: Sort): DataTableSortStatus<TAdminSponsorRow> {
  const [column, direction] = sort.split('_') as ['created' | 'company', 'asc' | 'desc'];
  return { columnAccessor: column === 'created' ? 'created_at' : 'business_name', direction };
}

/** The sponsors list: search, rep filter (administrators), sort and paging, and "New sponsor". */
function SponsorsList({ role }: { role: StaffRole }) {
  usePageMeta({ title: 'Sponsors' });
  const list = useListParams();
  const navigate = useNavigate();
  const [creating, { open, close }] = useDisclosure(false);
  const create = useCreateSponsor();
  const isAdmin = role === 'admin';
  const reps = useSalesRepOptions(isAdmin);
  const sort = (SPONSOR_SORTS as readonly string[]).includes(list.get('sort'))
    ? (list.get('sort') as Sort)
    : 'created_desc';
  const rep = list.get('rep');
  const sponsors = useStaffSponsors({
    q: list.q || undefined,
    srep_id: isAdmin && rep ? Number(rep) : undefined,
    sort,
    page: list.page,
    after: list.after || undefined,
  });
  const pages = deepPages(list, sponsors.data, {
    rows: sponsors.data?.sponsors.length ?? 0,
    pageSize: ADMIN_LIST_PAGE_SIZE,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Sponsors
        </Title>
        <Button onClick={open}>New sponsor</Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Company, contact, e-mail or phone"
          value={list.words}
          onChange={(event) => list.setWords(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: '1 1 240px' }}
        />
        {isAdmin && (
          <Select
            label="Sales representative"
            placeholder="All"
            data={reps.data ?? []}
            value={rep || null}
            onChange={(value) => list.update({ rep: value ?? '', page: '' })}
            clearable
            w={220}
          />
        )}
      </Group>
      {sponsors.isError ? (
        <LoadError message={sponsors.error.message} onRetry={() => void sponsors.refetch()} />
      ) : (
        <DataTable<TAdminSponsorRow>
          {...STAFF_TABLE}
          fetching={sponsors.isFetching}
          records={sponsors.data?.sponsors ?? []}
          idAccessor="user_id"
          {...pages.pagination}
          sortStatus={sortStatusOf(sort)}
          onSortStatusChange={(s) =>
            list.update({
              sort: SORT_OF[s.direction]?.[s.columnAccessor === 'created_at' ? 'created' : 'company'] ?? '',
              page: '',
            })
          }
          noRecordsText="No sponsors match."
          onRowClick={({ record }) => navigate(backOfficePath(`sponsors/${record.user_id}`))}
          columns={[
            {
              accessor: 'business_name',
              title: 'Company',
              sortable: true,
              render: (s) => (
                <Anchor
                  component={Link}
                  to={backOfficePath(`sponsors/${s.user_id}`)}
                  onClick={(e) => e.stopPropagation()}
                >
                  {s.business_name || '(no name)'}
                </Anchor>
              ),
            },
            { accessor: 'primary_name', title: 'Contact' },
            {
              accessor: 'email',
              title: 'E-mail',
              render: (s) => (
                <Group gap={4} wrap="nowrap">
                  <span style={{ overflowWrap: 'anywhere' }}>{s.email}</span>
                  {s.status === 0 && (
                    <Badge color="red.9" variant="outline" size="xs">
                      Disabled
                    </Badge>
                  )}
                  {!s.has_password && s.status === 1 && (
                    <Badge color="grape.9" variant="outline" size="xs">
                      Invited
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'primary_phone',
              title: 'Phone',
              render: (s) => formatPhone(s.primary_phone),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'rep_name',
              title: 'Rep',
              render: (s) => s.rep_name || '—',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'sponsorships',
              title: 'Sponsorships (owed)',
              render: (s) => (s.sponsorships ? `${s.sponsorships} (${formatMoney(s.owed_cents)})` : '—'),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'created_at',
              title: 'Created',
              sortable: true,
              render: (s) => day.format(new Date(s.created_at)),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            },
          ]}
        />
      )}
      {!sponsors.isError && pages.footer}
      <Modal
        opened={creating}
        onClose={close}
        title="New sponsor"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <SponsorForm
          defaults={EMPTY_SPONSOR}
          canChooseRep={isAdmin}
          submitLabel="Create and send invitation"
          onCancel={close}
          onSubmit={async (values) => {
            const out = await create.mutateAsync(values);
            toastSuccess(out.message);
            close();
            navigate(backOfficePath(`sponsors/${out.user_id}`));
          }}
        />
      </Modal>
    </Stack>
  );
}

/** /admin/sponsors and /admin/sponsors/:id */
export default function SponsorsScreen({ role }: { role: StaffRole }) {
  return (
    <Routes>
      <Route index element={<SponsorsList role={role} />} />
      <Route path=":id" element={<SponsorDetailScreen role={role} />} />
    </Routes>
  );
}
