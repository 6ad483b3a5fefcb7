import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { centsToDecimal } from '@portal/contracts/money';
import { amountToCents } from '@portal/contracts/sponsorships';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { goToGateway } from '../../../lib/go-to-gateway.ts';
import { toastError } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { startSponsorshipPayment } from '../api/sponsorship-calls.ts';
import { TEXT } from './texts.ts';

/** The amount a sponsor may pay now: digits with up to two decimals, no more than is left (spec §5). */
function amountSchema(leftCents: number) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, TEXT.amountRequired)
      .refine((s) => amountToCents(s) !== undefined && (amountToCents(s) ?? 0) > 0, TEXT.amountInvalid)
      .refine((s) => (amountToCents(s) ?? 0) <= leftCents, TEXT.amountTooHigh(centsToDecimal(leftCents))),
  });
}

interface PartialPaymentModalProps {
  opened: boolean;
  onClose: () => void;
  sponsorshipId: number;
  leftCents: number;
  leftHtml: string;
}

/** Pay partial amount: the amount is checked here, then the gateway's page takes the card. */
export function PartialPaymentModal({ opened, onClose, sponsorshipId, leftCents, leftHtml }: PartialPaymentModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={TEXT.partialTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && (
        <PartialPaymentForm sponsorshipId={sponsorshipId} leftCents={leftCents} leftHtml={leftHtml} onClose={onClose} />
      )}
    </Modal>
  );
}

function PartialPaymentForm({ sponsorshipId, leftCents, leftHtml, onClose }: Omit<PartialPaymentModalProps, 'opened'>) {
  const schema = useMemo(() => amountSchema(leftCents), [leftCents]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    ...FORM_MODE,
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const tooHigh = TEXT.amountTooHigh(centsToDecimal(leftCents));
  const { submit, submitting } = useSubmit(
    form,
    async ({ amount }) => {
      const { paymentLink } = await startSponsorshipPayment(sponsorshipId, amount);
      goToGateway(paymentLink);
      // The browser is leaving; the button keeps spinning until it has.
      await new Promise(() => undefined);
    },
    {
      serverFields: ['amount'],
      onInvalid: () => {
        if (form.getFieldState('amount').error?.message === tooHigh) toastError(tooHigh);
      },
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{TEXT.partialFor(sponsorshipId, leftHtml)}</Text>
        <TextInput
          label={TEXT.amountLabel}
          inputMode="decimal"
          autoComplete="off"
          withAsterisk
          data-autofocus
          {...fieldProps(form, 'amount')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {TEXT.cancel}
          </Button>
          <SubmitButton submitting={submitting}>{TEXT.continueToPay}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
