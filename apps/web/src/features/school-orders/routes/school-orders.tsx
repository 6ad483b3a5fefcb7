import '../../../styles/mantine-forms.css';
import { Anchor, Button, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import { ORDERS_BASE_YEAR, orderYears, PAYMENT_STATUS_LABELS } from '@portal/contracts/school-orders';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { SCHOOL_SIDEBAR } from '../../../components/school-links.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { useSchoolOrders } from '../api/school-order-calls.ts';
import { OrderStatusBadge, orderDate } from '../components/order-status-badge.tsx';
import classes from './school-orders.module.css';

/** The year asked for in the address (?year=2025), if it is one the filter offers. */
function useYearFilter(): [number | undefined, (year: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= ORDERS_BASE_YEAR ? asked : undefined;
  const setYear = (next: number | undefined) =>
    setParams((p) => {
      if (next === undefined) p.delete('year');
      else p.set('year', String(next));
      return p;
    });
  return [year, setYear];
}

/** Asks for the next page when the end of the list comes near (spec §9: infinite scroll). */
function useLoadMoreWhenSeen(onSeen: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onSeen);
  latest.current = onSeen;
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

/** school/orders: the school's orders, newest first, 12 at a time, by year (spec §2, §3, §9). */
export default function SchoolOrders() {
  usePageMeta({ title: 'Orders' });
  const [year, setYear] = useYearFilter();
  const list = useSchoolOrders(year);
  const orders = list.data?.pages.flatMap((p) => p.orders) ?? [];
  const years = list.data?.pages[0]?.rangeyear ?? orderYears(new Date());
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  const sentinel = useLoadMoreWhenSeen(loadMore, list.hasNextPage);

  return (
    <AccountLayout title="Orders" description="Your reservations and orders, newest first." links={SCHOOL_SIDEBAR}>
      <Group justify="space-between" align="end" wrap="wrap" gap="sm">
        <NativeSelect
          label="Year"
          value={year === undefined ? 'all' : String(year)}
          onChange={(e) => setYear(e.currentTarget.value === 'all' ? undefined : Number(e.currentTarget.value))}
          data={[{ value: 'all', label: 'All years' }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
          w={160}
        />
        <Button component={Link} to={routePath('products')} variant="light">
          Start a new order
        </Button>
      </Group>
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading orders">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : orders.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>{year ? `You have no orders from ${year}.` : 'You have no orders yet.'}</Text>
            <Text c="gray.7">
              To start one, choose a product from the catalogue and press Order Now: the reservation form opens with it.
            </Text>
            <Anchor component={Link} to={routePath('products')}>
              Browse the products
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <>
          <Stack gap="sm" component="ul" className={classes.cards} aria-label="Orders">
            {orders.map((order) => {
              const to = routePath('schoolOrder', { key: order.order_key });
              const termsPending = order.free_tnc_req === 1 && order.free_tnc_accepted === 0;
              return (
                <Paper component="li" withBorder radius="md" p="md" key={order.order_key}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Anchor component={Link} to={to} fw={700}>
                      Order #{order.order_id}
                    </Anchor>
                    <OrderStatusBadge status={order.order_status} label={order.order_status_html} />
                  </Group>
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
                  {termsPending && (
                    <Button component={Link} to={`${to}?tncaccept=1`} size="xs" color="orange" mt="sm">
                      Agree to Terms
                    </Button>
                  )}
                </Paper>
              );
            })}
          </Stack>
          <Paper withBorder radius="lg" className={classes.table}>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="orders-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Order ID</Table.Th>
                    <Table.Th scope="col">Date</Table.Th>
                    <Table.Th scope="col">Product</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Total
                    </Table.Th>
                    <Table.Th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {orders.map((order) => {
                    const to = routePath('schoolOrder', { key: order.order_key });
                    const termsPending = order.free_tnc_req === 1 && order.free_tnc_accepted === 0;
                    return (
                      <Table.Tr key={order.order_key}>
                        <Table.Td>
                          <Anchor component={Link} to={to} fw={700}>
                            #{order.order_id}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{orderDate(order.order_date)}</Table.Td>
                        <Table.Td className={classes.product}>
                          {order.product.name}
                          {order.school_year && (
                            <Text span size="xs" c="gray.7" display="block">
                              {order.school_year}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {/* What waits for the school sits under the state it belongs to. */}
                          <Stack gap={6} align="flex-start">
                            <OrderStatusBadge status={order.order_status} label={order.order_status_html} />
                            {termsPending && (
                              <Button component={Link} to={`${to}?tncaccept=1`} size="xs" color="orange">
                                Agree to Terms
                              </Button>
                            )}
                          </Stack>
                        </Table.Td>
                        <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {order.total_amount_html}
                          <Text span size="xs" c="gray.7" display="block">
                            {PAYMENT_STATUS_LABELS[order.payment_status]}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Button
                            component={Link}
                            to={to}
                            size="xs"
                            variant="default"
                            aria-label={`View order #${order.order_id}`}
                          >
                            View
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}
      <div ref={sentinel} aria-hidden />
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={loadMore} loading={list.isFetchingNextPage}>
            Show more orders
          </Button>
        </Group>
      )}
    </AccountLayout>
  );
}
