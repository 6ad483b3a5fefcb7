import { Container, Text, Title } from '@mantine/core';
import { usePageMeta } from '../lib/content.ts';

/** A screen whose content is not built yet: its title, so its route, guard and head work. */
export function ScreenTitle({ title, pageId, note }: { title: string; pageId?: number; note?: string }) {
  usePageMeta({ pageId, title });
  return (
    <Container size="lg" py={48}>
      <Title order={1}>{title}</Title>
      {note && (
        <Text c="dimmed" mt="sm">
          {note}
        </Text>
      )}
    </Container>
  );
}
