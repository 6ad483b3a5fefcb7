import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  OFFLINE_METHOD_LABELS,
  OFFLINE_METHODS,
  OfflinePaymentBody,
  type TOfflinePaymentBody,
} from '@portal/contracts/admin-sponsorships';
import { businessDay } from '@portal/contracts/business-time';
import { centsToDecimal, formatMoney } from '@portal/contracts/money';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';

export const OFFLINE_TEXT = {
  recordTitle: 'Record a check or bank transfer',
  method: 'Paid by',
  amount: 'Amount ($)',
  reference: 'Check number or reference',
  receivedOn: 'Date received',
  record: 'Record payment',
};

/** Today in Tampa, the business's day, as the date a check was received defaults to. */
const today = () => businessDay(new Date());

/**
 * Money staff received by hand (a check, a bank transfer) for a sponsorship or an order:
 * its method, amount (what is left by default), reference and the day it came.
 */
export function OfflinePaymentForm({
  leftCents,
  inFlightCents = 0,
  record,
  onDone,
}: {
  leftCents: number;
  /** Of what is left, what a card payment in progress is paying. */
  inFlightCents?: number;
  record: (body: TOfflinePaymentBody) => Promise<{ message: string }>;
  onDone: () => void;
}) {
  const form = useForm<TOfflinePaymentBody, unknown, z.output<typeof OfflinePaymentBody>>({
    ...FORM_MODE,
    resolver: zodResolver(OfflinePaymentBody),
    defaultValues: {
      method: 'check',
      amount: centsToDecimal(Math.max(0, leftCents - inFlightCents)),
      reference: '',
      received_on: today(),
    },
  });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const saved = await record(values);
      toastSuccess(saved.message);
      onDone();
    },
    { serverFields: ['method', 'amount', 'reference', 'received_on'] },
  );
  return (
    <form onSubmit={submit} noValidate aria-label={OFFLINE_TEXT.recordTitle}>
      <Stack gap="sm">
        <Text size="sm">
          Left to pay: {formatMoney(leftCents)}
          {inFlightCents > 0 ? `, of which ${formatMoney(inFlightCents)} is being paid by card` : ''}.
        </Text>
        <Controller
          control={form.control}
          name="method"
          render={({ field, fieldState }) => (
            <Select
              label={OFFLINE_TEXT.method}
              data={OFFLINE_METHODS.map((m) => ({ value: m, label: OFFLINE_METHOD_LABELS[m] }))}
              value={field.value}
              onChange={(v) => field.onChange(v ?? 'check')}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput label={OFFLINE_TEXT.amount} inputMode="decimal" required {...fieldProps(form, 'amount')} />
        <TextInput label={OFFLINE_TEXT.reference} required maxLength={60} {...fieldProps(form, 'reference')} />
        <TextInput
          label={OFFLINE_TEXT.receivedOn}
          type="date"
          required
          max={today()}
          {...fieldProps(form, 'received_on')}
        />
        <Group justify="flex-end">
          <SubmitButton form={form} submitting={submitting}>
            {OFFLINE_TEXT.record}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
