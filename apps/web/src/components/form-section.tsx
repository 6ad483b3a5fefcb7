import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of fields in a long form, two columns on wide screens and one on phones. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={2} size="h4" component="legend" p={0} mb={description ? 0 : 'xs'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="gray.7" mb="xs">
          {description}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}
