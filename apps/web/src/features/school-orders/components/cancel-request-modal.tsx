import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CancelRequestFields, type TCancelRequestFields } from '@portal/contracts/school-orders';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { SupportContacts } from '../../../components/support-contacts.tsx';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { newSubmissionKey, useSubmit } from '../../../lib/use-submit.ts';

type CancelRequestValues = z.output<typeof CancelRequestFields>;

interface CancelRequestModalProps {
  opened: boolean;
  onClose: () => void;
  orderId: number;
  /** Why the school can no longer cancel the order itself, as the server says it (D12). */
  reason: string;
  /** The school's name and e-mail, to start from. */
  defaults: { schoolname: string; email: string };
  /** Resolves once the request is stored; rejects when it was not (the API client has said why). */
  onSubmit: (values: CancelRequestValues & { idempotency_key: string }) => Promise<unknown>;
}

/**
 * Contact to cancel (spec §2, §5): once the school can no longer cancel an order itself, it
 * writes to the team, whose contact details stand beside the form.
 */
export function CancelRequestModal({ opened, onClose, orderId, reason, defaults, onSubmit }: CancelRequestModalProps) {
  const form = useForm<TCancelRequestFields, unknown, CancelRequestValues>({
    ...FORM_MODE,
    resolver: zodResolver(CancelRequestFields),
    defaultValues: { ...defaults, message: '' },
  });
  // One key for this request, however often it is sent.
  const [idempotencyKey] = useState(newSubmissionKey);
  const { submit, submitting } = useSubmit(form, (values) => onSubmit({ ...values, idempotency_key: idempotencyKey }), {
    serverFields: ['schoolname', 'email', 'message'],
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Contact us to cancel"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          {reason} Write to us about order #{orderId} and our team will reply by e-mail, or reach us directly:
        </Text>
        <SupportContacts />
        <form onSubmit={submit} noValidate aria-label="Cancel request">
          <Stack gap="md">
            <TextInput label="School name" required autoComplete="organization" {...fieldProps(form, 'schoolname')} />
            <TextInput label="Email" type="email" required autoComplete="email" {...fieldProps(form, 'email')} />
            <Textarea
              label="Message"
              description="Why would you like to cancel this order?"
              required
              autosize
              minRows={3}
              maxRows={10}
              {...fieldProps(form, 'message')}
            />
            <SubmitButton submitting={submitting} style={{ alignSelf: 'flex-start' }}>
              Send request
            </SubmitButton>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
