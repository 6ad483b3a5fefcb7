import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PaymentResult } from '@portal/contracts/checkout';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { PAYMENT_RESULT_TEXT } from '../../../components/payment-result-texts.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { useOrderConfirm } from '../api/reservation-calls.ts';

interface Outcome {
  title: string;
  text: string;
  tone: 'paid' | 'left' | 'failed';
}

/** What the school is told, from the server's reading of the gateway (never from the address it came back by). */
function outcomeOf(result: PaymentResult | null | undefined, paid: boolean): Outcome {
  if (paid || result === 'paid') {
    return { title: 'Payment received', text: 'This order has been paid. Thank you!', tone: 'paid' };
  }
  if (result === 'cancelled') {
    return { title: PAYMENT_RESULT_TEXT.cancelledTitle, text: PAYMENT_RESULT_TEXT.cancelledText, tone: 'left' };
  }
  if (result === 'declined')
    return { title: PAYMENT_RESULT_TEXT.declinedTitle, text: PAYMENT_RESULT_TEXT.declinedText, tone: 'failed' };
  return {
    title: PAYMENT_RESULT_TEXT.pendingTitle,
    text: 'We have not received a payment for this order. You can pay now, or choose to be invoiced instead.',
    tone: 'left',
  };
}

const ICONS = {
  paid: <IconCircleCheck size={40} color="var(--mantine-color-teal-7)" aria-hidden />,
  left: <IconInfoCircle size={40} color="var(--mantine-color-blue-7)" aria-hidden />,
  failed: <IconAlertCircle size={40} color="var(--mantine-color-red-7)" aria-hidden />,
};

/**
 * payment-error/{key} (spec §2, §8): the gateway sent the school back without a payment.
 * The server asks the gateway what happened: a card refused is 'declined'; a payer who
 * left the gateway's page 'cancelled' (D12), that checkout being closed so the order can
 * be paid afresh or edited; a payment that did go through is never shown as failed.
 */
export default function PaymentError() {
  const { key = '' } = useParams();
  const [params] = useSearchParams();
  const confirm = useOrderConfirm(key, params.get('payment_key'), 'cancel');
  const data = confirm.data;
  const outcome = data ? outcomeOf(data.payment_result, data.payment_status === 'paid') : undefined;
  usePageMeta({ title: outcome?.title ?? 'Payment' });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      {confirm.isError ? (
        <LoadError message={confirm.error.message} onRetry={() => void confirm.refetch()} />
      ) : !outcome ? (
        <FormSkeleton rows={3} />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              {ICONS[outcome.tone]}
              <Title order={1} size="h2">
                {outcome.title}
              </Title>
            </Group>
            <Text>{outcome.text}</Text>
            <Group gap="sm">
              {outcome.tone === 'paid' ? (
                <Button component={Link} to={`/order-confirmed/${key}`}>
                  See the confirmation
                </Button>
              ) : (
                <>
                  <Button component={Link} to={`/checkout/${key}`}>
                    Pay now
                  </Button>
                  <Button component={Link} to={`/order-now/${key}`} variant="default">
                    Edit order
                  </Button>
                </>
              )}
              <Anchor component={Link} to={`/school/order/${key}`} size="sm">
                Manage Order
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
