import { Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { CONTENT_PAGE } from '@portal/contracts/constants';
import { ContactForm, ContactThankYou } from '../../../components/contact-form.tsx';
import { SupportContacts } from '../../../components/support-contacts.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { useSendEnquiry } from '../api/send-enquiry.ts';

/**
 * /contact (spec §2, §5): the contact form beside the support contacts. Unlike the source
 * system, sending works (D8); a failure shows the server's message in an error toast.
 */
export default function Contact() {
  usePageMeta({ pageId: CONTENT_PAGE.contact });
  const send = useSendEnquiry();

  return (
    <Container size="lg" py={{ base: 'lg', sm: 56 }}>
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Title order={1}>Contact Us</Title>
            <Text size="lg">Questions about products, orders or sponsorship? Send us a message.</Text>
            <Text c="gray.7">
              Our Tampa team answers every message within one working day. If you would rather talk, call us or write to
              us directly.
            </Text>
            <Title order={2} size="h4" mt="sm">
              Support
            </Title>
            <SupportContacts size="md" gap={12} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
            {send.isSuccess ? <ContactThankYou /> : <ContactForm variant="contact" onSubmit={send.mutateAsync} />}
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
