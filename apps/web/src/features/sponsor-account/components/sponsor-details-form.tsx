import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { SponsorDetailsFields, type TSponsorDetails, type TSponsorDetailsFields } from '@portal/contracts/profiles';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { withPlaceholder } from '../../../lib/use-states.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { assignedRep, useSalesReps, useSaveSponsorAccount } from '../api/sponsor-calls.ts';

type DetailsValues = z.output<typeof SponsorDetailsFields>;

/**
 * The sponsor's first-time form (spec §5): business name and sales representative. Staff
 * usually assign the representative when they set a sponsor up; then it is shown, not chosen (§6).
 */
export function SponsorDetailsForm({
  details,
  onSaved,
}: {
  details: TSponsorDetails;
  onSaved: (message: string) => void;
}) {
  const save = useSaveSponsorAccount();
  const rep = details.srep_id ? assignedRep(details) : '';
  const reps = useSalesReps(!details.srep_id);
  const form = useForm<TSponsorDetailsFields, unknown, DetailsValues>({
    ...FORM_MODE,
    resolver: zodResolver(SponsorDetailsFields),
    defaultValues: { business_name: details.business_name, srep_id: details.srep_id ? String(details.srep_id) : '' },
  });

  const { submit, submitting } = useSubmit(
    form,
    async (values) => onSaved((await save.mutateAsync({ ...values, status: 1 })).message),
    { serverFields: ['business_name', 'srep_id'] },
  );

  const repOptions = (reps.data ?? []).map((r) => ({
    value: String(r.user_id),
    label: `${r.user_fname} ${r.user_lname}`.trim(),
  }));

  return (
    <form onSubmit={submit} noValidate aria-label="Sponsor details">
      <Stack gap="md">
        <TextInput label="Business name" autoComplete="organization" required {...fieldProps(form, 'business_name')} />
        {details.srep_id ? (
          <TextInput
            label="Sales representative"
            value={rep || 'Assigned'}
            readOnly
            variant="filled"
            description="Assigned to you by our team"
          />
        ) : (
          <Controller
            control={form.control}
            name="srep_id"
            render={({ field, fieldState }) => (
              <NativeSelect
                {...field}
                value={String(field.value ?? '')}
                label="Sales representative"
                required
                description="The person who will look after your sponsorships"
                data={withPlaceholder(reps.isPending ? 'Loading…' : 'Select a sales representative', repOptions)}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <SubmitButton
            size="md"
            form={form}
            disabled={!form.formState.isValid}
            submitting={submitting}
            w={{ base: '100%', xs: 'auto' }}
          >
            Save
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
