import { Anchor, Badge, Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import { CONTENT_PAGE } from '@portal/contracts/constants';
import { Link, useParams, useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { useTempOrder } from '../api/reservation-calls.ts';
import { OrderForm } from '../components/order-form.tsx';

/** order-now/{key}: the School Supply Reservation Form (spec §2). */
export default function OrderNow() {
  usePageMeta({ pageId: CONTENT_PAGE.orderForm });
  const { key = '' } = useParams();
  const [params] = useSearchParams();
  // Set by Order again: the order this one was copied from.
  const copiedFrom = /^\d+$/.test(params.get('from') ?? '') ? params.get('from') : null;
  const order = useTempOrder(key);
  const data = order.data;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>School Supply Reservation Form</Title>
          {data && (
            <Group gap="sm" wrap="nowrap" align="center">
              {data.order.product.image && (
                <Image src={data.order.product.image} alt="" w={56} h={56} radius="md" fit="cover" />
              )}
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{data.order.product.name}</Text>
                <Group gap="xs">
                  <Text size="sm" c="gray.7">
                    Order #{data.order.order_id}
                  </Text>
                  <Badge variant="light" color={data.order.order_status === 'Pending' ? 'gray' : 'teal'}>
                    {data.order.order_status}
                  </Badge>
                </Group>
              </Stack>
            </Group>
          )}
        </Stack>
        {order.isError ? (
          order.error instanceof ApiError && order.error.status === 404 ? (
            <Notice tone="error" title="Order not found">
              <Text size="sm">
                This order does not exist or belongs to another account.{' '}
                <Anchor component={Link} to="/products">
                  Start a new reservation
                </Anchor>
                .
              </Text>
            </Notice>
          ) : (
            <LoadError message={order.error.message} onRetry={() => void order.refetch()} />
          )
        ) : data ? (
          <>
            {data.order.finalize_only && (
              <Notice tone="info" title="This reservation can still be finalized">
                <Text size="sm">
                  {data.order.lock_reason} You can still finalize it as it was reserved: choose how to pay below, then
                  press Finalize Order.
                </Text>
              </Notice>
            )}
            {!data.order.editable && !data.order.finalize_only && (
              <Notice tone="error" title="This order can no longer be changed">
                <Text size="sm">
                  {data.order.lock_reason}{' '}
                  <Anchor component={Link} to={`/school/order/${data.order.order_key}`}>
                    See the order
                  </Anchor>
                  .
                </Text>
              </Notice>
            )}
            {copiedFrom && data.order.order_status === 'Pending' && (
              <Notice
                tone="success"
                title={`A copy of order #${copiedFrom}, for ${String(data.order.custom_fields.school_year ?? 'next school year')}`}
              >
                <Text size="sm">
                  The counts and options are those of order #{copiedFrom}, priced for the new year. Files are not
                  carried over: upload your artwork again, then check the form and complete the reservation.
                </Text>
              </Notice>
            )}
            <OrderForm data={data} />
          </>
        ) : (
          <FormSkeleton rows={12} />
        )}
      </Stack>
    </Container>
  );
}
