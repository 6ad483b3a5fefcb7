import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { TEXT } from './texts.ts';

export type ResultTone = 'paid' | 'left' | 'failed';

export interface Outcome {
  title: string;
  text: string;
  tone: ResultTone;
}

export interface ResultLink {
  label: string;
  to: string;
}

const ICONS: Record<ResultTone, ReactNode> = {
  paid: <IconCircleCheck size={40} color="var(--mantine-color-teal-7)" aria-hidden />,
  left: <IconInfoCircle size={40} color="var(--mantine-color-blue-7)" aria-hidden />,
  failed: <IconAlertCircle size={40} color="var(--mantine-color-red-7)" aria-hidden />,
};

interface PaymentResultProps {
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  outcome: Outcome | undefined;
  /** The main button: to what was paid, or to paying again. */
  primary?: ResultLink;
  secondary?: ResultLink;
}

/** A payment's result as the server recorded it, with where to go from there. */
export function PaymentResult({ query, outcome, primary, secondary }: PaymentResultProps) {
  const unknown = query.isError && query.error instanceof ApiError && [400, 403, 404].includes(query.error.status);
  usePageMeta({ title: unknown ? TEXT.resultNotFoundTitle : (outcome?.title ?? TEXT.checking) });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      {unknown ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              {ICONS.failed}
              <Title order={1} size="h2">
                {TEXT.resultNotFoundTitle}
              </Title>
            </Group>
            <Text>{TEXT.resultNotFoundText}</Text>
            <Anchor component={Link} to={routePath('sponsorships')}>
              {TEXT.viewSponsorships}
            </Anchor>
          </Stack>
        </Paper>
      ) : query.isError ? (
        <LoadError message={query.error?.message ?? ''} onRetry={() => void query.refetch()} />
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
              {primary && (
                <Button component={Link} to={primary.to} color={outcome.tone === 'paid' ? undefined : 'teal.9'}>
                  {primary.label}
                </Button>
              )}
              {secondary && (
                <Anchor component={Link} to={secondary.to} size="sm">
                  {secondary.label}
                </Anchor>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
