import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import {
  ORDERS_BASE_YEAR,
  orderYears,
  PAYMENT_STATUS_LABELS,
  type TOrdersResponse,
  type TSchoolOrder,
} from '@portal/contracts/school-orders';
import { Link } from 'react-router';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { OrderStatusBadge, orderDate } from '../../../components/order-view/order-status-badge.tsx';
import {
  RecordCard,
  type RecordColumn,
  RecordLink,
  RecordList,
  ViewButton,
} from '../../../components/record-list/record-list.tsx';
import { useYearFilter, YearFilter } from '../../../components/record-list/year-filter.tsx';
import { SCHOOL_SIDEBAR } from '../../../components/school-links.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { useSchoolOrders } from '../api/school-order-calls.ts';

const orderPath = (order: TSchoolOrder) => routePath('schoolOrder', { key: order.order_key });
/** The free products' terms wait for the school's agreement. */
const termsPending = (order: TSchoolOrder) => order.free_tnc_req === 1 && order.free_tnc_accepted === 0;

function AgreeButton({ order, mt }: { order: TSchoolOrder; mt?: string }) {
  return (
    <Button component={Link} to={`${orderPath(order)}?tncaccept=1`} size="xs" color="orange" mt={mt}>
      Agree to Terms
    </Button>
  );
}

const COLUMNS: RecordColumn<TSchoolOrder>[] = [
  { header: 'Order ID', cell: (o) => <RecordLink to={orderPath(o)} id={o.order_id} /> },
  { header: 'Date', cell: (o) => orderDate(o.order_date) },
  {
    header: 'Product',
    wraps: true,
    cell: (o) => (
      <>
        {o.product.name}
        {o.school_year && (
          <Text span size="xs" c="gray.7" display="block">
            {o.school_year}
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'Status',
    // What waits for the school sits under the state it belongs to.
    cell: (o) => (
      <Stack gap={6} align="flex-start">
        <OrderStatusBadge status={o.order_status} label={o.order_status_html} />
        {termsPending(o) && <AgreeButton order={o} />}
      </Stack>
    ),
  },
  {
    header: 'Total',
    align: 'right',
    figure: true,
    cell: (o) => (
      <>
        {o.total_amount_html}
        <Text span size="xs" c="gray.7" display="block">
          {PAYMENT_STATUS_LABELS[o.payment_status]}
        </Text>
      </>
    ),
  },
  {
    header: 'Actions',
    hiddenHeader: true,
    align: 'right',
    cell: (o) => <ViewButton to={orderPath(o)} label={`View order #${o.order_id}`} />,
  },
];

function OrderCard({ order }: { order: TSchoolOrder }) {
  return (
    <RecordCard
      to={orderPath(order)}
      title={`Order #${order.order_id}`}
      status={<OrderStatusBadge status={order.order_status} label={order.order_status_html} />}
    >
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {order.product.name}
        {order.school_year && ` · ${order.school_year}`}
      </Text>
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="sm" c="gray.7">
          {orderDate(order.order_date)} · {PAYMENT_STATUS_LABELS[order.payment_status]}
        </Text>
        <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {order.total_amount_html}
        </Text>
      </Group>
      {termsPending(order) && <AgreeButton order={order} mt="sm" />}
    </RecordCard>
  );
}

/** school/orders: the school's orders, newest first, 12 at a time, by year (spec §2, §3, §9). */
export default function SchoolOrders() {
  usePageMeta({ title: 'Orders' });
  const [year, setYear] = useYearFilter(ORDERS_BASE_YEAR);
  const list = useSchoolOrders(year);
  const years = list.data?.pages[0]?.rangeyear ?? orderYears(new Date());

  return (
    <AccountLayout title="Orders" description="Your reservations and orders, newest first." links={SCHOOL_SIDEBAR}>
      <RecordList
        list={list}
        rows={(page: TOrdersResponse) => page.orders}
        rowKey={(o) => o.order_key}
        toolbar={
          <>
            <YearFilter year={year} years={years} onChange={setYear} />
            <Button component={Link} to={routePath('products')} variant="light">
              Start a new order
            </Button>
          </>
        }
        label="Orders"
        loadingLabel="Loading orders"
        empty={{
          title: year ? `You have no orders from ${year}.` : 'You have no orders yet.',
          hint: 'To start one, choose a product from the catalogue and press Order Now: the reservation form opens with it.',
          action: (
            <Anchor component={Link} to={routePath('products')}>
              Browse the products
            </Anchor>
          ),
        }}
        card={(o) => <OrderCard order={o} />}
        columns={COLUMNS}
        tableMinWidth={640}
        tableTestId="orders-table"
        showMoreLabel="Show more orders"
      />
    </AccountLayout>
  );
}
