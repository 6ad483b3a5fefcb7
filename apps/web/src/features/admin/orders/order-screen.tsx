import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { Link, useParams } from 'react-router';
import { OrderFacts } from '../../../components/order-view/order-facts.tsx';
import { OrderFilesCard } from '../../../components/order-view/order-files-card.tsx';
import { OrderItemsCard } from '../../../components/order-view/order-items-card.tsx';
import { OrderPricesCard } from '../../../components/order-view/order-prices-card.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { backOfficePath } from '../sections.ts';
import { useAdminOrder } from './api.ts';
import { CancelRequestCard } from './components/cancel-request-card.tsx';
import { OrderHistoryCard } from './components/order-history-card.tsx';
import { OrderInvoices } from './components/order-invoices.tsx';
import { OrderPayLink } from './components/order-pay-link.tsx';
import { OrderPaymentsCard } from './components/order-payments-card.tsx';
import { OrderProofs } from './components/order-proofs.tsx';
import { StaffOrderActions } from './components/staff-order-actions.tsx';

/**
 * One order for staff: everything the school saw (its facts, items, prices and files), the
 * school's cancel request, its payments and its history, and what staff may do with it now.
 */
export default function OrderScreen() {
  const id = Number(useParams().id);
  const order = useAdminOrder(id);
  usePageMeta({ title: `Order #${id}` });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Order #{id}
        </Title>
        <Anchor component={Link} to={backOfficePath('orders')} size="sm">
          All orders
        </Anchor>
      </Group>
      {order.isError ? (
        <LoadError message={order.error.message} onRetry={() => void order.refetch()} />
      ) : !order.data ? (
        <FormSkeleton rows={6} />
      ) : (
        <OrderDetail data={order.data} />
      )}
    </Stack>
  );
}

function OrderDetail({ data }: { data: TAdminOrderResponse }) {
  return (
    <Stack gap="lg">
      <Text size="sm">
        {data.school.name || 'School without a name yet'} ·{' '}
        <Anchor href={`mailto:${data.school.email}`}>{data.school.email}</Anchor>
        {data.delivery_date && ` · Delivery on ${data.delivery_date}`}
      </Text>
      <CancelRequestCard data={data} />
      <OrderFacts order={data.order} />
      <StaffOrderActions data={data} />
      <OrderProofs data={data} />
      <OrderItemsCard order={data.order} />
      <OrderPricesCard order={data.order} />
      <OrderInvoices data={data} />
      <OrderFilesCard files={data.files} />
      <OrderPaymentsCard data={data} />
      <OrderPayLink orderId={data.order.order_id} />
      <OrderHistoryCard entries={data.history} />
    </Stack>
  );
}
