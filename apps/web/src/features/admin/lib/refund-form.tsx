import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { centsToDecimal, formatMoney } from '@portal/contracts/money';
import { AdminRefundBody, type RefundMethod, type TAdminRefundBody } from '@portal/contracts/refunds';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';

/** Who paid, and reads the refund's reason. */
type Payer = 'school' | 'sponsor';

export const REFUND_TEXT = {
  title: 'Refund a payment',
  how: 'How the money goes back',
  methods: { card: 'To the card', offline: 'Check or transfer sent' } satisfies Record<RefundMethod, string>,
  amount: 'Amount to refund ($)',
  reference: 'Check number or reference',
  reason: (payer: Payer) => `Why (the ${payer} reads it)`,
  refund: 'Refund',
};

/**
 * Money given back of one payment (of an order, or a sponsorship's share of it): to its card
 * (a card payment only) or by a check or transfer staff send; the amount is what the payer
 * paid beyond the total when there is such a credit, else what is left of the payment.
 */
export function RefundForm({
  paymentId,
  payer,
  byCard,
  refundableCents,
  creditCents,
  refund,
  onDone,
}: {
  paymentId: number;
  payer: Payer;
  /** The payment came by card: it may go back to the card. */
  byCard: boolean;
  refundableCents: number;
  creditCents: number;
  refund: (body: TAdminRefundBody) => Promise<{ message: string }>;
  onDone: () => void;
}) {
  const suggested = creditCents > 0 ? Math.min(creditCents, refundableCents) : refundableCents;
  // creditCents: what the payer paid beyond what the record costs (an order's credit; 0 for a sponsorship).
  const form = useForm<TAdminRefundBody, unknown, z.output<typeof AdminRefundBody>>({
    ...FORM_MODE,
    resolver: zodResolver(AdminRefundBody),
    defaultValues: {
      payment_id: paymentId,
      method: byCard ? 'card' : 'offline',
      amount: centsToDecimal(suggested),
      reference: '',
      reason: '',
    },
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const done = await refund(values);
      toastSuccess(done.message);
      onDone();
    },
    { serverFields: ['method', 'amount', 'reference', 'reason'] },
  );
  return (
    <form onSubmit={submit} noValidate aria-label={REFUND_TEXT.title}>
      <Stack gap="sm">
        <Text size="sm">
          Left to refund of this payment: {formatMoney(refundableCents)}
          {creditCents > 0 ? `; the credit is ${formatMoney(creditCents)}` : ''}.
        </Text>
        {byCard && (
          <Controller
            control={form.control}
            name="method"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="refund-how">
                  {REFUND_TEXT.how}
                </Text>
                <SegmentedControl
                  aria-labelledby="refund-how"
                  value={field.value}
                  onChange={(v) => field.onChange(v as RefundMethod)}
                  data={(['card', 'offline'] as const).map((m) => ({ value: m, label: REFUND_TEXT.methods[m] }))}
                />
              </Stack>
            )}
          />
        )}
        <TextInput label={REFUND_TEXT.amount} inputMode="decimal" required {...fieldProps(form, 'amount')} />
        {method === 'offline' && (
          <TextInput label={REFUND_TEXT.reference} required maxLength={60} {...fieldProps(form, 'reference')} />
        )}
        <Textarea
          label={REFUND_TEXT.reason(payer)}
          required
          autosize
          minRows={2}
          maxLength={300}
          {...fieldProps(form, 'reason')}
        />
        <Group justify="flex-end">
          <SubmitButton form={form} submitting={submitting}>
            {REFUND_TEXT.refund}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** A payment staff may give money back of: its id, whether it came by card, and what is left of it. */
export interface RefundablePayment {
  paymentId: number;
  byCard: boolean;
  refundableCents: number;
}

/** The Refund button of a payment's row, named by the payment's amount for a screen reader. */
export function RefundButton({ amountCents, onClick }: { amountCents: number; onClick: () => void }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={onClick}
      aria-label={`Refund the payment of ${formatMoney(amountCents)}`}
    >
      Refund
    </Button>
  );
}

/** The refund form in its dialog, open while a payment is chosen. */
export function RefundDialog({
  payment,
  onClose,
  ...form
}: {
  payment: RefundablePayment | undefined;
  onClose: () => void;
  payer: Payer;
  creditCents: number;
  refund: (body: TAdminRefundBody) => Promise<{ message: string }>;
}) {
  return (
    <Modal
      opened={payment !== undefined}
      onClose={onClose}
      title={REFUND_TEXT.title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {payment && <RefundForm {...payment} {...form} onDone={onClose} />}
    </Modal>
  );
}
