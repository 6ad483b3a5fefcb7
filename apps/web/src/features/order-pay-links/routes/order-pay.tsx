import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { PayLinkContacts } from '../../sponsorship-pay-links/components/pay-link-contacts.tsx';
import { useOrderPayLink } from '../api/order-pay-link-calls.ts';
import { OrderPayLinkCard } from '../components/order-pay-link-card.tsx';
import { TEXT } from '../components/texts.ts';

/** An unknown (404) or expired (410) link: the server's words, and whom to ask for a new one. */
function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap="xs">
          <IconAlertCircle size={40} color="var(--mantine-color-red-7)" aria-hidden />
          <Title order={2} size="h3">
            {title}
          </Title>
        </Stack>
        <Text>{message}</Text>
        <PayLinkContacts />
      </Stack>
    </Paper>
  );
}

/** /order-pay/{key}: an order's balance paid by the link staff sent, without signing in. */
export default function OrderPay() {
  const { key = '' } = useParams();
  const link = useOrderPayLink(key);
  const status = link.error instanceof ApiError ? link.error.status : undefined;
  const problem =
    status === 410 ? TEXT.expiredTitle : status === 404 || status === 400 ? TEXT.notFoundTitle : undefined;
  usePageMeta({ title: problem ?? TEXT.payTitle });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{TEXT.payTitle}</Title>
          <Text c="gray.7">{TEXT.payIntro}</Text>
        </Stack>
        {problem ? (
          <LinkProblem title={problem} message={link.error?.message ?? ''} />
        ) : link.isError ? (
          <LoadError message={link.error?.message ?? ''} onRetry={() => void link.refetch()} />
        ) : !link.data ? (
          <FormSkeleton rows={3} />
        ) : (
          <OrderPayLinkCard linkKey={key} link={link.data} />
        )}
      </Stack>
    </Container>
  );
}
