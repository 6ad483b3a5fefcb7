import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's status in a list or on its page: light `color`, the text in the body's color to stay readable. */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="light" radius="sm" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {children}
    </Badge>
  );
}
