import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  AdminApplyCreditBody,
  type TAdminApplyCreditBody,
  type TAdminOrderResponse,
} from '@portal/contracts/admin-orders';
import { centsToDecimal, formatMoney } from '@portal/contracts/money';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { FORM_MODE, fieldProps } from '../../../../lib/form.ts';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { useSubmit } from '../../../../lib/use-submit.ts';

export const CREDIT_TEXT = {
  title: 'Apply the credit to another order',
  order: 'Order it pays',
  amount: 'Amount ($)',
  apply: 'Apply credit',
};

const targetLabel = (t: TAdminOrderResponse['credit_targets'][number]) =>
  `#${t.order_id} · ${t.status} · balance due ${formatMoney(t.balance_cents)}`;

/**
 * The school's credit on this order, moved to another of its orders that owes something:
 * the first such order and as much of the credit as it owes, unless staff choose otherwise.
 */
export function ApplyCreditForm({
  creditCents,
  targets,
  apply,
  onDone,
}: {
  creditCents: number;
  targets: TAdminOrderResponse['credit_targets'];
  apply: (body: TAdminApplyCreditBody) => Promise<{ message: string }>;
  onDone: () => void;
}) {
  const first = targets[0];
  const form = useForm<TAdminApplyCreditBody, unknown, z.output<typeof AdminApplyCreditBody>>({
    ...FORM_MODE,
    resolver: zodResolver(AdminApplyCreditBody),
    defaultValues: {
      to_order_id: first?.order_id ?? 0,
      amount: centsToDecimal(Math.min(creditCents, first?.balance_cents ?? creditCents)),
    },
  });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const done = await apply(values);
      toastSuccess(done.message);
      onDone();
    },
    { serverFields: ['to_order_id', 'amount'] },
  );
  return (
    <form onSubmit={submit} noValidate aria-label={CREDIT_TEXT.title}>
      <Stack gap="sm">
        <Text size="sm">The school's credit on this order: {formatMoney(creditCents)}.</Text>
        <Controller
          control={form.control}
          name="to_order_id"
          render={({ field, fieldState }) => (
            <Select
              label={CREDIT_TEXT.order}
              data={targets.map((t) => ({ value: String(t.order_id), label: targetLabel(t) }))}
              value={field.value ? String(field.value) : null}
              onChange={(v) => {
                field.onChange(Number(v));
                const chosen = targets.find((t) => String(t.order_id) === v);
                if (chosen) form.setValue('amount', centsToDecimal(Math.min(creditCents, chosen.balance_cents)));
              }}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput label={CREDIT_TEXT.amount} inputMode="decimal" required {...fieldProps(form, 'amount')} />
        <Group justify="flex-end">
          <SubmitButton form={form} submitting={submitting}>
            {CREDIT_TEXT.apply}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
