import '../../../styles/mantine-forms.css';
import { Anchor, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { useOrderConfirm } from '../api/reservation-calls.ts';

/** What the confirmation says, in each case it can be in. */
const TEXT = {
  loading: 'Order Confirmation',
  notConfirmed: 'Order Not Confirmed',
  reserved: 'Reservation Confirmed',
  updated: 'Reservation Updated',
  ordered: 'Order Confirmed',
  notPaid: 'We have not received your payment for this order. You can pay now, or choose to be invoiced instead.',
  paid: 'Thank you! Your payment has been received. You will receive an order confirmation e-mail shortly.',
  confirmed: 'Thank you! You will receive an order confirmation e-mail shortly.',
  changesSaved: MSG.orderSaved,
} as const;

/**
 * order-confirmed/{key} (spec §2): what was reserved or ordered. A card payment the
 * gateway has not confirmed reads Order Not Confirmed (order_status '0'). Saving changes to
 * a reservation comes here with ?updated=1, so that a reload still says what was done.
 */
export default function OrderConfirmed() {
  const { key = '' } = useParams();
  const [params] = useSearchParams();
  const paymentKey = params.get('payment_key');
  const confirm = useOrderConfirm(key, paymentKey, paymentKey ? 'success' : undefined);
  const data = confirm.data;
  const failed = data?.order_status === '0';
  const reservation = data?.order_type === 'Reservation';
  const updated = reservation && !failed && params.get('updated') === '1';
  const title = !data
    ? TEXT.loading
    : failed
      ? TEXT.notConfirmed
      : updated
        ? TEXT.updated
        : reservation
          ? TEXT.reserved
          : TEXT.ordered;
  usePageMeta({ title });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      {confirm.isError ? (
        <LoadError message={confirm.error.message} onRetry={() => void confirm.refetch()} />
      ) : !data ? (
        <FormSkeleton rows={5} />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md" align="stretch">
            <Group gap="sm" wrap="nowrap">
              {failed ? (
                <IconAlertCircle size={40} color="var(--mantine-color-red-7)" aria-hidden />
              ) : (
                <IconCircleCheck size={40} color="var(--mantine-color-teal-7)" aria-hidden />
              )}
              <Title order={1} size="h2">
                {title}
              </Title>
            </Group>
            <Text>
              {failed
                ? data.payment_result === 'declined'
                  ? MSG.paymentDeclinedText
                  : TEXT.notPaid
                : updated
                  ? TEXT.changesSaved
                  : data.payment_status === 'paid'
                    ? TEXT.paid
                    : TEXT.confirmed}
            </Text>
            <Table variant="vertical" layout="fixed" withTableBorder>
              <Table.Tbody>
                <Row label="Order ID" value={`#${data.order_id}`} />
                <Row label="Order key" value={data.order_key} />
                <Row label="Order status" value={failed ? 'Not confirmed' : data.order_status} />
                <Row label="Total" value={data.total_amount_html} />
                <Row label="Payment" value={`${data.payment_method || '—'} (${data.payment_status})`} />
                <Row label="Delivery date" value={data.delivery_date || 'We will let you know'} />
                <Row label="Order type" value={data.order_type} />
              </Table.Tbody>
            </Table>
            <Group gap="sm">
              {failed && (
                <Button component={Link} to={`/checkout/${data.order_key}`}>
                  Pay now
                </Button>
              )}
              <Button component={Link} to={`/school/order/${data.order_key}`} variant={failed ? 'default' : 'filled'}>
                Manage Order
              </Button>
              <Anchor component={Link} to="/school/dashboard" size="sm">
                Back to your dashboard
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
