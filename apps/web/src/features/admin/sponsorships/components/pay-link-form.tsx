import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import {
  SendPayLinkBody,
  type TAdminSponsorshipDetailResponse,
  type TSendPayLinkBody,
} from '@portal/contracts/admin-sponsorships';
import { formatMoney } from '@portal/contracts/money';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { FORM_MODE, fieldProps } from '../../../../lib/form.ts';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { useSubmit } from '../../../../lib/use-submit.ts';
import { useSendPayLink } from '../api.ts';
import { TEXT } from '../texts.ts';

/** A pay link e-mailed to the sponsor (or another address) for an amount, or for what is left. */
export function PayLinkForm({
  detail,
  onDone,
}: {
  detail: TAdminSponsorshipDetailResponse;
  onDone: (sent: { url: string; to: string }) => void;
}) {
  const s = detail.sponsorship;
  const send = useSendPayLink(s.sponsorship_id);
  const form = useForm<TSendPayLinkBody, unknown, z.output<typeof SendPayLinkBody>>({
    ...FORM_MODE,
    resolver: zodResolver(SendPayLinkBody),
    defaultValues: { amount: '', to: '' },
  });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const saved = await send.mutateAsync(values);
      toastSuccess(saved.message);
      onDone({ url: saved.url, to: saved.to });
    },
    { serverFields: ['amount', 'to'] },
  );
  return (
    <form onSubmit={submit} noValidate aria-label={TEXT.sendTitle}>
      <Stack gap="sm">
        <Text size="sm">{TEXT.sendNote}</Text>
        <TextInput
          label={TEXT.linkAmount}
          inputMode="decimal"
          description={TEXT.linkAmountHint(formatMoney(s.left_cents))}
          {...fieldProps(form, 'amount')}
        />
        <TextInput
          label={TEXT.linkTo}
          type="email"
          description={TEXT.linkToHint(s.sponsor_email)}
          {...fieldProps(form, 'to')}
        />
        <Group justify="flex-end">
          <SubmitButton form={form} submitting={submitting}>
            {TEXT.send}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
