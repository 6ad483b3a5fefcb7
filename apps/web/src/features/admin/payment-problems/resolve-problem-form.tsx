import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { formatMoney } from '@portal/contracts/money';
import {
  PAYMENT_PROBLEM_RESOLUTION_LABELS,
  PAYMENT_PROBLEM_RESOLUTIONS,
  type PaymentProblemResolution,
  ResolvePaymentProblemBody,
  type TPaymentProblemRow,
  type TResolvePaymentProblemBody,
} from '@portal/contracts/payment-problems';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useResolvePaymentProblem } from './api.ts';

/** What each decision does to the money, in the words staff choose by. */
function consequence(resolution: PaymentProblemResolution, row: TPaymentProblemRow): string {
  const taken = row.gateway_amount_cents ?? row.amount_cents;
  if (resolution === 'record') {
    return `${formatMoney(taken)} counts as received; any difference from ${formatMoney(row.amount_cents)} shows as balance due or as credit. The payer is e-mailed a receipt.`;
  }
  if (resolution === 'refund') return `${formatMoney(taken)} goes back to the card; nothing counts as received.`;
  return 'Nothing counts and nothing is refunded here: for money that never came, or that went back in the gateway’s own dashboard.';
}

/** An administrator's decision on one problem payment, with the note the history keeps. */
export function ResolveProblemForm({ row, onDone }: { row: TPaymentProblemRow; onDone: () => void }) {
  const resolve = useResolvePaymentProblem(row.payment_id);
  const form = useForm<TResolvePaymentProblemBody, unknown, z.output<typeof ResolvePaymentProblemBody>>({
    ...FORM_MODE,
    resolver: zodResolver(ResolvePaymentProblemBody),
    defaultValues: { resolution: row.problem === 'unrecordable' ? 'refund' : 'record', note: '' },
  });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const done = await resolve.mutateAsync(values);
      toastSuccess(done.message);
      onDone();
    },
    { serverFields: ['resolution', 'note'] },
  );
  return (
    <form onSubmit={submit} noValidate aria-label={`Decide payment #${row.payment_id}`}>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="resolution"
          render={({ field, fieldState }) => (
            <Radio.Group
              label="What became of the money"
              value={field.value}
              onChange={(v) => field.onChange(v as PaymentProblemResolution)}
              error={fieldState.error?.message}
              required
            >
              <Stack gap="xs" mt={6}>
                {PAYMENT_PROBLEM_RESOLUTIONS.map((r) => (
                  <Radio
                    key={r}
                    value={r}
                    label={PAYMENT_PROBLEM_RESOLUTION_LABELS[r]}
                    description={consequence(r, row)}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Textarea
          label="Why (kept in the history)"
          required
          autosize
          minRows={2}
          maxLength={300}
          {...fieldProps(form, 'note')}
        />
        <Text size="xs" c="gray.7">
          The decision is final: the gateway’s later notices of this payment change nothing.
        </Text>
        <Group justify="flex-end">
          <SubmitButton form={form} submitting={submitting}>
            Decide
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
