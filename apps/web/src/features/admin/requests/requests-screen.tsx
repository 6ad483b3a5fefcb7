import { Badge, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ADMIN_LIST_PAGE_SIZE,
  REQUEST_FILTERS,
  REQUEST_KINDS,
  type TAdminRequestRow,
} from '@portal/contracts/admin-sponsors';
import { formatPhone } from '@portal/contracts/phone';
import { DataTable } from 'mantine-datatable';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { when } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { useContactRequests, useMarkRequest } from '../sponsors/api.ts';

const KIND_LABEL = { contact: 'Contact', sponsor: 'Sponsor request' } as const;
type Filter = (typeof REQUEST_FILTERS)[number];
type Kind = (typeof REQUEST_KINDS)[number];

/** /admin/requests: messages from the contact form and the sponsor form, open or handled (administrators). */
export default function RequestsScreen() {
  usePageMeta({ title: 'Contact requests' });
  const list = useListParams();
  const mark = useMarkRequest();
  const state = (REQUEST_FILTERS as readonly string[]).includes(list.get('state'))
    ? (list.get('state') as Filter)
    : 'open';
  const kind = (REQUEST_KINDS as readonly string[]).includes(list.get('kind')) ? (list.get('kind') as Kind) : undefined;
  const requests = useContactRequests({ q: list.q || undefined, kind, state, page: list.page });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Contact requests
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Show"
          value={state}
          onChange={(value) => list.update({ state: value === 'open' ? '' : value, page: '' })}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'handled', label: 'Handled' },
            { value: 'all', label: 'All' },
          ]}
        />
        <Select
          label="Kind"
          placeholder="All kinds"
          data={REQUEST_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
          value={kind ?? null}
          onChange={(value) => list.update({ kind: value ?? '', page: '' })}
          clearable
          w={200}
        />
        <TextInput
          label="Search"
          placeholder="Name, e-mail, company or words"
          value={list.words}
          onChange={(event) => list.setWords(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: '1 1 240px' }}
        />
      </Group>
      {requests.isError ? (
        <LoadError message={requests.error.message} onRetry={() => void requests.refetch()} />
      ) : (
        <DataTable<TAdminRequestRow>
          {...STAFF_TABLE}
          // Its rows open nothing: they do not light up under the pointer.
          highlightOnHover={false}
          fetching={requests.isFetching}
          records={requests.data?.requests ?? []}
          idAccessor="id"
          totalRecords={requests.data?.total ?? 0}
          recordsPerPage={ADMIN_LIST_PAGE_SIZE}
          page={list.page}
          onPageChange={list.setPage}
          noRecordsText="No requests match."
          columns={[
            {
              accessor: 'created_at',
              title: 'Received',
              render: (r) => when.format(new Date(r.created_at)),
              width: 170,
            },
            {
              accessor: 'kind',
              title: 'Kind',
              render: (r) => (
                <Badge variant="outline" color="blue.9">
                  {KIND_LABEL[r.kind]}
                </Badge>
              ),
            },
            { accessor: 'fullname', title: 'From', render: (r) => `${r.fullname}${r.company ? `, ${r.company}` : ''}` },
            {
              accessor: 'email',
              title: 'E-mail',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'handled_at',
              title: 'State',
              render: (r) =>
                r.handled_at ? (
                  <Text size="sm">
                    Handled by {r.handled_by || '—'}, {when.format(new Date(r.handled_at))}
                  </Text>
                ) : (
                  <Badge color="grape.9" variant="outline">
                    Open
                  </Badge>
                ),
            },
            {
              accessor: 'actions',
              title: '',
              textAlign: 'right',
              render: (r) => (
                <Button
                  size="xs"
                  variant={r.handled_at ? 'default' : 'light'}
                  onClick={(event) => {
                    event.stopPropagation();
                    mark.mutate(
                      { id: r.id, handled: !r.handled_at },
                      { onSuccess: (out) => toastSuccess(out.message) },
                    );
                  }}
                >
                  {r.handled_at ? 'Mark open' : 'Mark handled'}
                </Button>
              ),
            },
          ]}
          rowExpansion={{
            content: ({ record }) => (
              <Stack gap={4} p="sm">
                <Text size="sm">
                  {record.email} · {formatPhone(record.phone)} ·{' '}
                  {[record.city, record.state].filter(Boolean).join(', ')}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{record.message}</Text>
              </Stack>
            ),
          }}
        />
      )}
    </Stack>
  );
}
