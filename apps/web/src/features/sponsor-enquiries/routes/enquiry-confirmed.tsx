import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { routePath } from '@portal/contracts/routes';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { useEnquiryConfirm } from '../api/enquiry-calls.ts';

/** What the result says (spec §2, §8; D6 wording). */
const TEXT = {
  loading: 'Enquiry',
  received: MSG.enquiryReceived,
  notConfirmed: 'Enquiry Not Confirmed',
  thanks: 'Thank you for contacting us!',
  answer: 'We will get back to you as soon as possible.',
  notSent: 'This enquiry has not been sent yet. Finish the form to send it to your sales representative.',
} as const;

/** enquiry-confirmed/{key} (spec §2): whether the enquiry was received, with a way to follow it. */
export default function EnquiryConfirmed() {
  const { key = '' } = useParams();
  const confirm = useEnquiryConfirm(key);
  const data = confirm.data;
  const received = data?.is_submited === 1;
  const title = !data ? TEXT.loading : received ? TEXT.received : TEXT.notConfirmed;
  usePageMeta({ title });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      {confirm.isError ? (
        <LoadError message={confirm.error.message} onRetry={() => void confirm.refetch()} />
      ) : !data ? (
        <FormSkeleton rows={4} />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              {received ? (
                <IconCircleCheck size={40} color="var(--mantine-color-teal-7)" aria-hidden style={{ flex: 'none' }} />
              ) : (
                <IconAlertCircle size={40} color="var(--mantine-color-red-7)" aria-hidden style={{ flex: 'none' }} />
              )}
              <Title order={1} size="h2">
                {title}
              </Title>
            </Group>
            {received ? (
              <>
                <Text size="lg" fw={700}>
                  {TEXT.thanks}
                </Text>
                <Text>
                  Enquiry ID: <strong>#{data.enq_id}</strong>
                </Text>
                <Text>{TEXT.answer}</Text>
                <Group gap="sm">
                  <Button component={Link} to={routePath('sponsorEnquiry', { key })}>
                    Track Enquiry
                  </Button>
                  <Button component={Link} to={routePath('sponsorOrders')} variant="default">
                    All enquiries
                  </Button>
                </Group>
              </>
            ) : (
              <>
                <Text>{TEXT.notSent}</Text>
                <Group>
                  <Button component={Link} to={routePath('enquireNow', { key })}>
                    Finish the enquiry
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
