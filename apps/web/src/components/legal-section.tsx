import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A numbered section of a legal text (the privacy policy, the terms of service). */
export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        {heading}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </section>
  );
}

export const P = ({ children }: { children: ReactNode }) => <Text>{children}</Text>;
