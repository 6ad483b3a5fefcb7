import { Paper, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled part of the page, a region named by its heading. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md">
      <Title id={id} order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
