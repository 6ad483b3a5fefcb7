import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { usePageMeta } from '../../lib/content.ts';
import { FormSkeleton, LoadError } from '../page-states.tsx';
import { PayLinkContacts } from './pay-link-contacts.tsx';
import { PAY_LINK_TEXT } from './texts.ts';

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

interface PayLinkPageProps<T> {
  title: string;
  /** The link's query: what it pays, or why it cannot be used. */
  link: { data: T | undefined; error: Error | null; isError: boolean; refetch: () => unknown };
  /** What the link pays, with Pay Now, once it is read. */
  children: (data: T) => ReactNode;
}

/** A pay link's page, whatever it pays: its title, then the card, a problem with the link, or a skeleton. */
export function PayLinkPage<T>({ title, link, children }: PayLinkPageProps<T>) {
  const status = link.error instanceof ApiError ? link.error.status : undefined;
  const problem =
    status === 410
      ? PAY_LINK_TEXT.expiredTitle
      : status === 404 || status === 400
        ? PAY_LINK_TEXT.notFoundTitle
        : undefined;
  usePageMeta({ title: problem ?? title });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          <Text c="gray.7">{PAY_LINK_TEXT.payIntro}</Text>
        </Stack>
        {problem ? (
          <LinkProblem title={problem} message={link.error?.message ?? ''} />
        ) : link.isError ? (
          <LoadError message={link.error?.message ?? ''} onRetry={() => void link.refetch()} />
        ) : !link.data ? (
          <FormSkeleton rows={3} />
        ) : (
          children(link.data)
        )}
      </Stack>
    </Container>
  );
}
