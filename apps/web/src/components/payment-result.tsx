import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { usePageMeta } from '../lib/content.ts';
import { FormSkeleton, LoadError } from './page-states.tsx';

export type ResultTone = 'paid' | 'left' | 'failed';

export interface Outcome {
  title: string;
  text: string;
  tone: ResultTone;
}

/** Where a result leads: a page of the app, or an action (paying again) that runs on the press. */
export type ResultLink = { label: string; to: string } | { label: string; onClick: () => void; busy?: boolean };

/** What the page says when the server knows no such payment (or it is not the asker's). */
export interface ResultNotFound {
  title: string;
  text: string;
  link?: { label: string; to: string };
  /** More to say, such as whom to contact. */
  extra?: ReactNode;
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
  primary?: ResultLink | undefined;
  secondary?: ResultLink | undefined;
  notFound: ResultNotFound;
  /** The page's title while the server is asked. */
  checking: string;
  /** Facts shown under the outcome's text. */
  children?: ReactNode;
}

function ResultHeading({ tone, title }: { tone: ResultTone; title: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {ICONS[tone]}
      <Title order={1} size="h2">
        {title}
      </Title>
    </Group>
  );
}

function PrimaryButton({ link, tone }: { link: ResultLink; tone: ResultTone }) {
  const color = tone === 'paid' ? undefined : 'teal.9';
  if ('to' in link) {
    return (
      <Button component={Link} to={link.to} color={color}>
        {link.label}
      </Button>
    );
  }
  return (
    <Button color={color} loading={link.busy ?? false} onClick={link.onClick}>
      {link.label}
    </Button>
  );
}

function SecondaryLink({ link }: { link: ResultLink }) {
  if ('to' in link) {
    return (
      <Anchor component={Link} to={link.to} size="sm">
        {link.label}
      </Anchor>
    );
  }
  return (
    <Button variant="subtle" size="sm" onClick={link.onClick} loading={link.busy ?? false}>
      {link.label}
    </Button>
  );
}

/** A payment's result as the server recorded it, with where to go from there. */
export function PaymentResult({
  query,
  outcome,
  primary,
  secondary,
  notFound,
  checking,
  children,
}: PaymentResultProps) {
  const unknown = query.isError && query.error instanceof ApiError && [400, 403, 404].includes(query.error.status);
  usePageMeta({ title: unknown ? notFound.title : (outcome?.title ?? checking) });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      {unknown ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <ResultHeading tone="failed" title={notFound.title} />
            <Text>{notFound.text}</Text>
            {notFound.extra}
            {notFound.link && (
              <Anchor component={Link} to={notFound.link.to}>
                {notFound.link.label}
              </Anchor>
            )}
          </Stack>
        </Paper>
      ) : query.isError ? (
        <LoadError message={query.error?.message ?? ''} onRetry={() => void query.refetch()} />
      ) : !outcome ? (
        <FormSkeleton rows={3} />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <ResultHeading tone={outcome.tone} title={outcome.title} />
            <Text>{outcome.text}</Text>
            {children}
            <Group gap="sm">
              {primary && <PrimaryButton link={primary} tone={outcome.tone} />}
              {secondary && <SecondaryLink link={secondary} />}
            </Group>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
