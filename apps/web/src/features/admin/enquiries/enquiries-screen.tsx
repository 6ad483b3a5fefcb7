import { Anchor, Badge, Group, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { ADMIN_LIST_PAGE_SIZE, ENQUIRY_FILTERS, type TAdminEnquiryRow } from '@portal/contracts/admin-sponsors';
import { DataTable } from 'mantine-datatable';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { deepPages } from '../lib/deep-pages.tsx';
import { when } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { backOfficePath } from '../sections.ts';
import { useStaffEnquiries } from '../sponsors/api.ts';
import EnquiryDetailScreen from './enquiry-detail-screen.tsx';

type Filter = (typeof ENQUIRY_FILTERS)[number];
export const STATE_LABEL = { open: 'Open', answered: 'Answered', closed: 'Closed' } as const;
export const STATE_COLOR = { open: 'grape.9', answered: 'blue.9', closed: 'gray.8' } as const;

/** The inbox: sent enquiries, newest first, by state and words (a rep: those sent to them). */
function EnquiriesList() {
  usePageMeta({ title: 'Enquiries' });
  const list = useListParams();
  const navigate = useNavigate();
  const state = (ENQUIRY_FILTERS as readonly string[]).includes(list.get('state'))
    ? (list.get('state') as Filter)
    : 'all';
  const enquiries = useStaffEnquiries({
    q: list.q || undefined,
    state,
    page: list.page,
    after: list.after || undefined,
  });
  const pages = deepPages(list, enquiries.data, {
    rows: enquiries.data?.enquiries.length ?? 0,
    pageSize: ADMIN_LIST_PAGE_SIZE,
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Enquiries
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Show"
          value={state}
          onChange={(value) => list.update({ state: value === 'all' ? '' : value, page: '' })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'open', label: 'Open' },
            { value: 'answered', label: 'Answered' },
            { value: 'closed', label: 'Closed' },
          ]}
        />
        <TextInput
          label="Search"
          placeholder="Company, name, e-mail, product or number"
          value={list.words}
          onChange={(event) => list.setWords(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: '1 1 240px' }}
        />
      </Group>
      {enquiries.isError ? (
        <LoadError message={enquiries.error.message} onRetry={() => void enquiries.refetch()} />
      ) : (
        <DataTable<TAdminEnquiryRow>
          {...STAFF_TABLE}
          fetching={enquiries.isFetching}
          records={enquiries.data?.enquiries ?? []}
          idAccessor="id"
          {...pages.pagination}
          noRecordsText="No enquiries match."
          onRowClick={({ record }) => navigate(backOfficePath(`enquiries/${record.id}`))}
          columns={[
            {
              accessor: 'id',
              title: 'Enquiry',
              render: (e) => (
                <Anchor
                  component={Link}
                  to={backOfficePath(`enquiries/${e.id}`)}
                  onClick={(ev) => ev.stopPropagation()}
                >
                  #{e.id}
                </Anchor>
              ),
            },
            { accessor: 'business_name', title: 'Sponsor', render: (e) => e.business_name || e.fullname },
            {
              accessor: 'product',
              title: 'Product',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'rep_name',
              title: 'Rep',
              render: (e) => e.rep_name || '—',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'submitted_at',
              title: 'Sent',
              render: (e) => when.format(new Date(e.submitted_at)),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'state',
              title: 'State',
              render: (e) => (
                <Badge color={STATE_COLOR[e.state]} variant="outline">
                  {STATE_LABEL[e.state]}
                </Badge>
              ),
            },
          ]}
        />
      )}
      {!enquiries.isError && pages.footer}
    </Stack>
  );
}

/** /admin/enquiries and /admin/enquiries/:id */
export default function EnquiriesScreen() {
  return (
    <Routes>
      <Route index element={<EnquiriesList />} />
      <Route path=":id" element={<EnquiryDetailScreen />} />
    </Routes>
  );
}
