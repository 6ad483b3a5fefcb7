import { Anchor, Container, Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CONTENT_PAGE } from '@portal/contracts/constants';
import { ROUTES } from '@portal/contracts/routes';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ContactForm, ContactThankYou, type ContactValues } from '../../../components/contact-form.tsx';
import { api } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';

/** Sponsors cannot register themselves (spec §1): this asks the provider to set them up. */
export default function SponsorRegister() {
  usePageMeta({ pageId: CONTENT_PAGE.sponsorRegister });
  const send = useMutation({
    mutationFn: (body: ContactValues) => api.post<{ message: string }>('addsponsorreq', body),
    // The thank-you replaces the form; start reading it from the top of the page.
    onSuccess: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
  });

  if (send.isSuccess) {
    return (
      <Container size="sm" py={{ base: 'lg', sm: 56 }}>
        <Title order={1} ta="center" mb="md">
          Contact Us
        </Title>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
          <ContactThankYou />
        </Paper>
      </Container>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 56 }}>
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Title order={1}>Contact Us</Title>
            <Text size="lg">Please contact us to register as Sponsor.</Text>
            <Text c="gray.7">
              Sponsoring student planners and school supplies puts your business in front of local families every school
              day. Tell us a little about your business and a sales representative will be in touch.
            </Text>
            <List
              spacing="xs"
              icon={
                <ThemeIcon size={22} radius="xl" color="teal" aria-hidden>
                  <IconCheck size={14} aria-hidden />
                </ThemeIcon>
              }
            >
              <List.Item>Support schools in your own neighborhood</List.Item>
              <List.Item>Your message in a book students use all year</List.Item>
              <List.Item>One sales representative from first call to final proof</List.Item>
            </List>
            <Text size="sm" c="gray.7">
              Already a sponsor?{' '}
              <Anchor component={Link} to={ROUTES.sponsorLogin.path} fw={600}>
                Log in as Sponsor
              </Anchor>
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
            <ContactForm variant="sponsor" onSubmit={send.mutateAsync} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
