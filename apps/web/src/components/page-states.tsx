import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { Notice } from './notice.tsx';

/** The shape of a form while its data loads, so the page does not jump when it arrives. */
export function FormSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={56} radius="md" />
      ))}
    </Stack>
  );
}

/** A load that failed, with the server's message and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice tone="error" title="Could not load">
      <Text size="sm">{message}</Text>
      <Button variant="default" size="xs" mt="sm" onClick={onRetry}>
        Try again
      </Button>
    </Notice>
  );
}
