import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/content.ts';
import { useOrderConfirm } from '../api/reservation-calls.ts';

/**
 * payment-error/{key} (spec §2, §8): the gateway sent the school back without a payment.
 * The server is asked about it all the same, so that a failed attempt is recorded and a
 * payment that did go through is never shown as declined.
 */
export default function PaymentError() {
  usePageMeta({ title: MSG.paymentDeclined });
  const { key = '' } = useParams();
  const [params] = useSearchParams();
  const confirm = useOrderConfirm(key, params.get('payment_key'));
  const paid = confirm.data?.payment_status === 'paid';

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconAlertCircle size={40} color="var(--mantine-color-red-7)" aria-hidden />
            <Title order={1} size="h2">
              {paid ? 'Payment received' : MSG.paymentDeclined}
            </Title>
          </Group>
          <Text>{paid ? 'This order has been paid. Thank you!' : MSG.paymentDeclinedText}</Text>
          <Group gap="sm">
            {paid ? (
              <Button component={Link} to={`/order-confirmed/${key}`}>
                See the confirmation
              </Button>
            ) : (
              <Button component={Link} to={`/checkout/${key}`}>
                Pay again
              </Button>
            )}
            <Button component={Link} to={`/school/order/${key}`} variant="default">
              Manage Order
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
