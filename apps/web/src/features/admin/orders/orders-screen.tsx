import { Badge, Group, MultiSelect, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { ADMIN_ORDERS_PAGE_SIZE, type TAdminOrderRow } from '@portal/contracts/admin-orders';
import { formatMoney } from '@portal/contracts/money';
import { ORDER_STATUSES } from '@portal/contracts/orders';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '@portal/contracts/school-orders';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { Link } from 'react-router';
import { OrderStatusBadge, orderDate } from '../../../components/order-view/order-status-badge.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { deepPages } from '../lib/deep-pages.tsx';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { backOfficePath } from '../sections.ts';
import { useAdminOrders } from './api.ts';

type SortColumn = 'order_date' | 'total_cents';

/**
 * Every school's orders (administrators): filtered by status, school year, payment status
 * and an unanswered cancel request, searched by order number, school or e-mail, sorted by
 * date or total. The filters live in the address, so Back and a shared link keep them.
 */
export default function OrdersScreen() {
  usePageMeta({ title: 'Orders' });
  const place = useListParams();
  const { get, page, after, q, words, setWords, update } = place;
  const status = get('status') ?? '';
  const schoolYear = get('school_year') ?? '';
  const paymentStatus = get('payment_status') ?? '';
  const cancelRequest = get('cancel_request') === '1';
  const proofWaiting = get('proof_waiting') === '1';
  const invoiced = get('invoiced') === '1';
  const sort = get('sort') === 'total' ? 'total' : 'date';
  const dir = get('dir') === 'asc' ? 'asc' : 'desc';

  const list = useAdminOrders({
    status: status || undefined,
    school_year: schoolYear || undefined,
    payment_status: paymentStatus || undefined,
    cancel_request: cancelRequest ? '1' : undefined,
    proof_waiting: proofWaiting ? '1' : undefined,
    invoiced: invoiced ? '1' : undefined,
    q: q || undefined,
    sort,
    dir,
    page,
    after: after || undefined,
  });
  const pages = deepPages(place, list.data, { rows: list.data?.orders.length ?? 0, pageSize: ADMIN_ORDERS_PAGE_SIZE });
  const sortStatus: DataTableSortStatus<TAdminOrderRow> = {
    columnAccessor: (sort === 'total' ? 'total_cents' : 'order_date') satisfies SortColumn,
    direction: dir,
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Orders
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Status"
          placeholder={status ? undefined : 'Any status'}
          data={[...ORDER_STATUSES]}
          value={status ? status.split(',') : []}
          onChange={(value) => update({ status: value.join(','), page: '' })}
          clearable
          style={{ flex: '1 1 220px' }}
          maw={420}
        />
        <Select
          label="School year"
          placeholder="Any year"
          data={list.data?.school_years ?? (schoolYear ? [schoolYear] : [])}
          value={schoolYear || null}
          onChange={(value) => update({ school_year: value ?? '', page: '' })}
          clearable
          w={150}
        />
        <Select
          label="Payment"
          placeholder="Any"
          data={PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))}
          value={paymentStatus || null}
          onChange={(value) => update({ payment_status: value ?? '', page: '' })}
          clearable
          w={140}
        />
        <TextInput
          label="Search"
          placeholder="Order number, school or e-mail"
          value={words}
          onChange={(event) => setWords(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: '1 1 220px' }}
        />
        <Switch
          label="Cancel request waiting"
          checked={cancelRequest}
          onChange={(event) => update({ cancel_request: event.currentTarget.checked ? '1' : '', page: '' })}
          mb={8}
        />
        <Switch
          label="Proof waiting"
          checked={proofWaiting}
          onChange={(event) => update({ proof_waiting: event.currentTarget.checked ? '1' : '', page: '' })}
          mb={8}
        />
        <Switch
          label="Invoiced"
          checked={invoiced}
          onChange={(event) => update({ invoiced: event.currentTarget.checked ? '1' : '', page: '' })}
          mb={8}
        />
      </Group>
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<TAdminOrderRow>
          {...STAFF_TABLE}
          fetching={list.isFetching}
          records={list.data?.orders ?? []}
          idAccessor="order_id"
          {...pages.pagination}
          sortStatus={sortStatus}
          onSortStatusChange={(next) =>
            update({
              sort: next.columnAccessor === 'total_cents' ? 'total' : '',
              dir: next.direction === 'asc' ? 'asc' : '',
              page: '',
            })
          }
          noRecordsText="No orders match."
          columns={[
            {
              accessor: 'order_id',
              title: 'Order',
              noWrap: true,
              render: (o) => <Link to={backOfficePath(`orders/${o.order_id}`)}>#{o.order_id}</Link>,
            },
            {
              accessor: 'order_date',
              title: 'Date',
              sortable: true,
              noWrap: true,
              render: (o) => orderDate(o.order_date),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'school_name',
              title: 'School',
              render: (o) => (
                <Stack gap={0}>
                  <Text size="sm" style={{ overflowWrap: 'normal' }}>
                    {o.school_name || '—'}
                  </Text>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }} visibleFrom="sm">
                    {o.email}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'school_year',
              title: 'Year',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'status',
              title: 'Status',
              width: 150,
              render: (o) => (
                <Group gap={4}>
                  <OrderStatusBadge status={o.status} label={o.status} />
                  {o.cancel_request_open && (
                    <Badge color="orange" variant="light" size="sm">
                      Cancel request
                    </Badge>
                  )}
                  {o.proof_waiting && (
                    <Badge
                      color="grape"
                      variant="light"
                      size="sm"
                      styles={{ label: { color: 'var(--mantine-color-text)' } }}
                    >
                      Proof waiting
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'payment_status',
              title: 'Payment',
              render: (o) => PAYMENT_STATUS_LABELS[o.payment_status],
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'total_cents',
              title: 'Total',
              sortable: true,
              textAlign: 'right',
              noWrap: true,
              render: (o) => formatMoney(o.total_cents),
            },
          ]}
        />
      )}
      {!list.isError && pages.footer}
    </Stack>
  );
}
