import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { Link } from 'react-router';
import { useSession } from '../../../lib/browser-session.ts';
import { dashboardPath } from '../../../lib/dashboard-path.ts';
import classes from './home.module.css';
import { PromoVideo } from './promo-video.tsx';

export function Hero() {
  const dashboard = dashboardPath(useSession());
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 56, sm: 96 }}>
        <Stack gap="lg" maw={680}>
          <Text tt="uppercase" fw={700} fz="sm" className={classes.eyebrow}>
            Sponsored school supplies since 2003
          </Text>
          <Title order={1} id="hero-title" fz={{ base: 34, sm: 48 }} lh={1.1}>
            School planners and supplies, sponsored by local businesses
          </Title>
          <Text size="lg">
            Neighborhood sponsors help schools give every student a planner, dismissal tags and homework folders — at a
            discount or free.
          </Text>
          <Group gap="sm">
            {dashboard ? (
              <Button component={Link} to={dashboard} size="md" variant="white">
                Go to your dashboard
              </Button>
            ) : (
              <>
                <Button component={Link} to={ROUTES.schoolLogin.path} size="md" variant="white">
                  School Login
                </Button>
                <Button component={Link} to={ROUTES.sponsorLogin.path} size="md" variant="white">
                  Sponsor Login
                </Button>
              </>
            )}
            <PromoVideo size="md" variant="outline" color="white" className={classes.videoButton} />
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
