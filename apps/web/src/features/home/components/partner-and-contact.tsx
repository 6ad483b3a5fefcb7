import { Button, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SupportContacts } from '../../../components/support-contacts.tsx';
import { useSettings } from '../../../lib/content.ts';

/** The partner section with its external link, and the support contacts (spec §1, §2). */
export function PartnerAndContact() {
  const settings = useSettings();
  return (
    <Container size="lg" pb={{ base: 48, sm: 72 }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper component="section" withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} aria-labelledby="partner-title">
          <Stack gap="sm" align="flex-start" h="100%">
            <Title order={2} id="partner-title">
              Our partner
            </Title>
            <Text c="gray.8">
              We work hand in hand with a statewide partner that connects schools with the businesses around them, so
              that more sponsorship reaches more classrooms.
            </Text>
            {settings?.partner_url && (
              <Button
                component="a"
                href={settings.partner_url}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                rightSection={<IconExternalLink size={16} aria-hidden />}
                mt="auto"
              >
                Visit our partner
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Button>
            )}
          </Stack>
        </Paper>
        <Paper component="section" withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} aria-labelledby="contact-title">
          <Stack gap="sm" align="flex-start" h="100%">
            <Title order={2} id="contact-title">
              Get in touch
            </Title>
            <Text c="gray.8">Questions about products, orders or sponsorship? We are happy to help.</Text>
            <SupportContacts size="md" />
            <Button component={Link} to={ROUTES.contact.path} mt="auto">
              Send us a message
            </Button>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Container>
  );
}
