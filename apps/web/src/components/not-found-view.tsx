import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { Link } from 'react-router';
import { usePageMeta } from '../lib/content.ts';

/** Page not found (spec §2): for unknown paths, and for screens whose record does not exist. */
export function NotFoundView() {
  usePageMeta({ title: 'Page not found', description: MSG.pageNotFoundText });
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={900} c="blue.8" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="gray.7" size="lg">
          {MSG.pageNotFoundText}
        </Text>
        <Button component={Link} to="/" size="md">
          Take me back to the home page
        </Button>
      </Stack>
    </Container>
  );
}
