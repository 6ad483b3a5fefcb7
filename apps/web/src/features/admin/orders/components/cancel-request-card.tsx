import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { MSG } from '@portal/contracts/messages';
import { useState } from 'react';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { ConfirmButton } from '../../lib/confirm-button.tsx';
import { useAnswerCancelRequest } from '../api.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The school's request to cancel the order, its message, and the answer staff give it. */
export function CancelRequestCard({ data }: { data: TAdminOrderResponse }) {
  const request = data.cancel_request;
  const answer = useAnswerCancelRequest(data.order.order_id);
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  if (!request) return null;
  const open = request.handled_at === null;
  const canCancel = data.transitions.includes('Cancelled');

  const decline = () => {
    if (!message.trim()) {
      setError(MSG.cancelDeclineMessageRequired);
      return;
    }
    answer.mutate(
      { answer: 'decline', message: message.trim() },
      {
        onSuccess: (result) => {
          toastSuccess(result.message);
          setDeclining(false);
        },
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={open ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}
    >
      <Title order={2} size="h4" mb="xs">
        {open ? 'Cancel request waiting for an answer' : 'Cancel request'}
      </Title>
      <Text size="sm" c="gray.7">
        {request.fullname} ({request.email}), {when.format(new Date(request.created_at))}
        {request.handled_at && ` · answered ${when.format(new Date(request.handled_at))}`}
      </Text>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {request.message}
      </Text>
      {open && (
        <Stack gap="sm" mt="md">
          {declining ? (
            <>
              <Textarea
                label="Why the order cannot be cancelled (sent to the school)"
                value={message}
                onChange={(event) => {
                  setMessage(event.currentTarget.value);
                  setError(undefined);
                }}
                error={error}
                maxLength={2000}
                autosize
                minRows={3}
              />
              <Group gap="xs">
                <Button color="orange" loading={answer.isPending} onClick={decline}>
                  Send the answer
                </Button>
                <Button variant="default" onClick={() => setDeclining(false)}>
                  Back
                </Button>
              </Group>
            </>
          ) : (
            <Group gap="xs">
              {canCancel && (
                <ConfirmButton
                  label="Approve and cancel"
                  color="red"
                  title="Cancel this order?"
                  question={`Order #${data.order.order_id} will be cancelled, and the school told by e-mail.`}
                  confirmLabel="Cancel the order"
                  onConfirm={async () => {
                    const result = await answer.mutateAsync({ answer: 'approve' });
                    toastSuccess(result.message);
                  }}
                />
              )}
              <Button variant="default" onClick={() => setDeclining(true)}>
                Decline
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
