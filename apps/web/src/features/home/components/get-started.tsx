import { Button, Container, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { IconBuildingStore, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/browser-session.ts';
import { dashboardPath } from '../../../lib/dashboard-path.ts';
import classes from './home.module.css';

const DOORS = [
  {
    title: 'For schools',
    text: 'Reserve student planners and free sponsored supplies for the next school year, and follow your orders.',
    icon: IconSchool,
    login: { label: 'Log in as School', to: ROUTES.schoolLogin.path },
    register: { label: 'Register your school', to: ROUTES.schoolRegister.path },
  },
  {
    title: 'For sponsors',
    text: 'Support schools in your neighborhood and put your business in front of local families all year.',
    icon: IconBuildingStore,
    login: { label: 'Log in as Sponsor', to: ROUTES.sponsorLogin.path },
    register: { label: 'Become a sponsor', to: ROUTES.sponsorRegister.path },
  },
];

/** The log-in / register block (spec §2); a signed-in school or sponsor is shown the way to its dashboard instead. */
export function GetStarted() {
  const dashboard = dashboardPath(useSession());
  if (dashboard) {
    return (
      <section className={classes.band} aria-labelledby="start-title">
        <Container size="lg" py={{ base: 48, sm: 72 }} ta="center">
          <Title order={2} id="start-title" mb="sm">
            You are logged in
          </Title>
          <Text c="gray.7" mb="lg">
            Your orders, profile and everything else of your account are on your dashboard.
          </Text>
          <Button component={Link} to={dashboard} size="md">
            Go to your dashboard
          </Button>
        </Container>
      </section>
    );
  }
  return (
    <section className={classes.band} aria-labelledby="start-title">
      <Container size="lg" py={{ base: 48, sm: 72 }}>
        <Title order={2} id="start-title" ta="center" mb="xl">
          Log in or register
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {DOORS.map(({ title, text, icon: Icon, login, register }) => (
            <Paper key={title} withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <span className={classes.icon} data-size="lg" aria-hidden>
                  <Icon size={28} aria-hidden />
                </span>
                <div>
                  <Title order={3}>{title}</Title>
                  <Text c="gray.7" mt={6}>
                    {text}
                  </Text>
                  <Group gap="sm" mt="lg">
                    <Button component={Link} to={login.to}>
                      {login.label}
                    </Button>
                    <Button component={Link} to={register.to} variant="default">
                      {register.label}
                    </Button>
                  </Group>
                </div>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
