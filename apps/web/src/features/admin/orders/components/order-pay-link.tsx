import '../../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  AdminSendOrderPayLinkBody,
  type TAdminOrderPayLinkResponse,
  type TAdminSendOrderPayLinkBody,
} from '@portal/contracts/pay-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { api } from '../../../../lib/api-client.ts';
import { FORM_MODE, fieldProps } from '../../../../lib/form.ts';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { useSubmit } from '../../../../lib/use-submit.ts';
import { SentPayLink } from '../../lib/sent-pay-link.tsx';

const ordersKey = ['account', 'staff', 'orders'] as const;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const TEXT = {
  title: 'Pay link',
  intro:
    'E-mail the school a link to pay the balance of this order by card, without signing in. A new link ends the ones sent before.',
  balance: 'Balance due',
  paid: 'Paid so far',
  to: 'Send to',
  toHint: (email: string) => `Leave blank to send it to the school’s address (${email}).`,
  send: 'Send pay link',
  sent: 'Links sent',
  sentAt: 'Sent',
  validUntil: 'Valid until',
  by: 'By',
} as const;

/** Whether a link may be sent for the order now (isPayable on the server), for what, and those sent. */
function useOrderPayLink(orderId: number) {
  return useQuery({
    queryKey: [...ordersKey, 'one', orderId, 'pay-link'],
    queryFn: ({ signal }) =>
      api.get<TAdminOrderPayLinkResponse>(`admin/orders/${orderId}/pay-link`, undefined, { signal }),
  });
}

function useSendOrderPayLink(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminSendOrderPayLinkBody) =>
      api.post<{ status: 'success'; message: string; url: string; to: string }>(
        `admin/orders/${orderId}/pay-link`,
        body,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

function SendForm({
  orderId,
  email,
  onSent,
}: {
  orderId: number;
  email: string;
  onSent: (sent: { url: string; to: string }) => void;
}) {
  const send = useSendOrderPayLink(orderId);
  const form = useForm<TAdminSendOrderPayLinkBody, unknown, z.output<typeof AdminSendOrderPayLinkBody>>({
    ...FORM_MODE,
    resolver: zodResolver(AdminSendOrderPayLinkBody),
    defaultValues: { to: '' },
  });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const sent = await send.mutateAsync(values);
      toastSuccess(`${sent.message} (${sent.to})`);
      onSent({ url: sent.url, to: sent.to });
      form.reset({ to: '' });
    },
    { serverFields: ['to'] },
  );
  return (
    <form onSubmit={submit} noValidate aria-label={TEXT.send}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={TEXT.to}
          type="email"
          description={TEXT.toHint(email)}
          style={{ flex: '1 1 16rem' }}
          {...fieldProps(form, 'to')}
        />
        <SubmitButton form={form} submitting={submitting}>
          {TEXT.send}
        </SubmitButton>
      </Group>
    </form>
  );
}

/**
 * The order's pay link for staff: its balance, Send pay link while it may be paid, the link
 * just sent (this once), and the links sent.
 */
export function OrderPayLink({ orderId }: { orderId: number }) {
  const query = useOrderPayLink(orderId);
  const [sent, setSent] = useState<{ url: string; to: string }>();
  const data = query.data;
  if (!data) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="order-pay-link">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {TEXT.title}
        </Title>
        <Group gap="xl">
          <div>
            <Text size="sm" c="gray.7">
              {TEXT.balance}
            </Text>
            <Text fw={700} data-testid="order-balance-due">
              {data.balance_html}
            </Text>
          </div>
          <div>
            <Text size="sm" c="gray.7">
              {TEXT.paid}
            </Text>
            <Text fw={600}>{data.paid_amount_html}</Text>
          </div>
        </Group>
        {data.payable ? (
          <>
            <Text size="sm">{TEXT.intro}</Text>
            <SendForm orderId={orderId} email={data.email} onSent={setSent} />
          </>
        ) : (
          <Alert color="gray" variant="light">
            {data.reason}
          </Alert>
        )}
        {sent && <SentPayLink url={sent.url} to={sent.to} />}
        {data.sent.length > 0 && (
          <Table.ScrollContainer minWidth={360}>
            <Table withTableBorder fz="sm" aria-label={TEXT.sent}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{TEXT.sentAt}</Table.Th>
                  <Table.Th>{TEXT.validUntil}</Table.Th>
                  <Table.Th>{TEXT.by}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sent.map((s) => (
                  <Table.Tr key={s.created_at}>
                    <Table.Td>{when.format(new Date(s.created_at))}</Table.Td>
                    <Table.Td>{when.format(new Date(s.expires_at))}</Table.Td>
                    <Table.Td>{s.sent_by}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
