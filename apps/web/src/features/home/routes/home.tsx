import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { CONTENT_PAGE } from '@portal/contracts/constants';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/content.ts';
import classes from './home.module.css';

export default function Home() {
  usePageMeta({ pageId: CONTENT_PAGE.home });
  return (
    <section className={classes.hero}>
      <Container size="lg" py={{ base: 56, sm: 96 }}>
        <Stack gap="lg" maw={640}>
          <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1}>
            School planners and supplies, sponsored by local businesses
          </Title>
          <Text size="lg">
            Since our 2003 pilot, neighbourhood sponsors have helped schools give every student a planner, dismissal
            tags and homework folders — at a discount or free.
          </Text>
          <Group>
            <Button component={Link} to="/school/login" size="md">
              School Login
            </Button>
            <Button component={Link} to="/sponsor/login" size="md" variant="white">
              Sponsor Login
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
