import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  EnquiryReplyBody,
  REPLY_MAX,
  type TAdminEnquiryDetail,
  type TEnquiryReplyBody,
} from '@portal/contracts/admin-sponsors';
import { formatPhone } from '@portal/contracts/phone';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { when } from '../lib/format.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { RecordHistory } from '../lib/record-history.tsx';
import { backOfficePath } from '../sections.ts';
import { useCloseEnquiry, useReplyToEnquiry, useStaffEnquiry } from '../sponsors/api.ts';
import { STATE_COLOR, STATE_LABEL } from './enquiries-screen.tsx';

const WRAP = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

function ReplyForm({ enquiryId }: { enquiryId: number }) {
  const reply = useReplyToEnquiry(enquiryId);
  const form = useForm<TEnquiryReplyBody, unknown, z.output<typeof EnquiryReplyBody>>({
    ...FORM_MODE,
    resolver: zodResolver(EnquiryReplyBody),
    defaultValues: { message: '' },
  });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      toastSuccess((await reply.mutateAsync(values.message)).message);
      form.reset({ message: '' });
    },
    { serverFields: ['message'] },
  );
  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="xs">
        <Textarea
          label="Your reply"
          description={`Plain text, up to ${REPLY_MAX} characters. The sponsor reads it on its enquiry page and gets an e-mail.`}
          autosize
          minRows={4}
          maxLength={REPLY_MAX}
          {...fieldProps(form, 'message')}
        />
        <Group>
          <Button type="submit" loading={submitting}>
            Send reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EnquiryDetail({ enquiry }: { enquiry: TAdminEnquiryDetail }) {
  usePageMeta({ title: `Enquiry #${enquiry.id}` });
  const close = useCloseEnquiry(enquiry.id);
  const closed = enquiry.state === 'closed';
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backOfficePath('enquiries')} size="sm">
        ← Enquiries
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Enquiry #{enquiry.id}
          </Title>
          <Group gap="xs">
            <Badge color={STATE_COLOR[enquiry.state]} variant="outline">
              {STATE_LABEL[enquiry.state]}
            </Badge>
            <Text size="sm" c="gray.7">
              Sent {when.format(new Date(enquiry.submitted_at))}
            </Text>
          </Group>
        </Stack>
        <Button
          variant="default"
          loading={close.isPending}
          onClick={() => close.mutate(!closed, { onSuccess: (out) => toastSuccess(out.message) })}
        >
          {closed ? 'Reopen enquiry' : 'Close enquiry'}
        </Button>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            <div>
              <Text size="xs" c="gray.7">
                Sponsor
              </Text>
              <Anchor component={Link} to={backOfficePath(`sponsors/${enquiry.sponsor_user_id}`)}>
                {enquiry.business_name || enquiry.company}
              </Anchor>
            </div>
            <div>
              <Text size="xs" c="gray.7">
                Product
              </Text>
              <Anchor href={`/product/${enquiry.product_slug}`} target="_blank">
                {enquiry.product}
              </Anchor>{' '}
              <Text span>× {enquiry.qty}</Text>
            </div>
            <div>
              <Text size="xs" c="gray.7">
                From
              </Text>
              <Text style={WRAP}>
                {enquiry.fullname}, {enquiry.company}
                {'\n'}
                {enquiry.email} · {formatPhone(enquiry.phone)}
              </Text>
            </div>
          </SimpleGrid>
          <Text size="xs" c="gray.7">
            Message
          </Text>
          <Text style={WRAP}>{enquiry.message}</Text>
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Replies
        </Title>
        {enquiry.thread.length === 0 ? (
          <Text c="gray.7">No replies yet.</Text>
        ) : (
          enquiry.thread.map((r) => (
            <Paper withBorder p="sm" radius="md" key={r.id}>
              <Text size="sm" c="gray.7">
                {r.author} · {when.format(new Date(r.created_at))}
              </Text>
              <Text style={WRAP}>{r.message}</Text>
            </Paper>
          ))
        )}
        {closed ? (
          <Text c="gray.7">This enquiry is closed: reopen it to reply.</Text>
        ) : (
          <ReplyForm enquiryId={enquiry.id} />
        )}
      </Stack>
      <RecordHistory kind="enquiries" id={enquiry.id} />
    </Stack>
  );
}

/** /admin/enquiries/:id: the product, the sponsor's message, the thread and a reply. */
export default function EnquiryDetailScreen() {
  const id = Number(useParams().id);
  const enquiry = useStaffEnquiry(id);
  if (enquiry.isError) return <LoadError message={enquiry.error.message} onRetry={() => void enquiry.refetch()} />;
  if (!enquiry.data) return <LoadingBar active />;
  return <EnquiryDetail enquiry={enquiry.data.enquiry} />;
}
