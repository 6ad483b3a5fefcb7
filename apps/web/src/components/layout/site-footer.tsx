import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { Link } from 'react-router';
import { SupportContacts } from '../support-contacts.tsx';
import { Logo } from './logo.tsx';
import classes from './site-footer.module.css';

const LINKS = [
  { label: 'Home', to: ROUTES.home.path },
  { label: 'About', to: ROUTES.about.path },
  { label: 'Contact', to: ROUTES.contact.path },
  { label: 'Employee Login', to: ROUTES.adminLogin.path },
  { label: 'Privacy Policy', to: ROUTES.privacy.path },
  { label: 'Terms of Service', to: ROUTES.terms.path },
];

export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <Logo />
            <Text size="sm" c="gray.7">
              Local businesses sponsor student planners and school supplies, so that schools get them cheap or free.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Title order={2} size="h5">
              Quick links
            </Title>
            <nav aria-label="Footer">
              <Stack gap={4} align="flex-start">
                {LINKS.map((l) => (
                  <Anchor key={l.to} component={Link} to={l.to} size="sm" c="gray.8" className={classes.link}>
                    {l.label}
                  </Anchor>
                ))}
              </Stack>
            </nav>
          </Stack>
          <Stack gap={8}>
            <Title order={2} size="h5">
              Support
            </Title>
            <SupportContacts />
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="gray.7" mt="xl">
          © {new Date().getFullYear()} School Planner Savings. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
