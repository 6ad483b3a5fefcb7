import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AdminSponsorFields, type TAdminSponsorFields } from '@portal/contracts/admin-sponsors';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { useSalesRepOptions } from './api.ts';

type Values = z.output<typeof AdminSponsorFields>;
const FIELDS = Object.keys(AdminSponsorFields.shape);

export const EMPTY_SPONSOR: TAdminSponsorFields = {
  business_name: '',
  primary_name: '',
  primary_email: '',
  primary_phone: '',
  phone_number: '',
  website: '',
  secondary_name: '',
  secondary_email: '',
  secondary_phone: '',
};

/**
 * A sponsor's details as staff fill them in, with the profile's own rules; the sales rep
 * is offered to administrators only (a rep's sponsors are their own).
 */
export function SponsorForm({
  defaults,
  canChooseRep,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  defaults: TAdminSponsorFields;
  canChooseRep: boolean;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useForm<TAdminSponsorFields, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(AdminSponsorFields),
    defaultValues: defaults,
  });
  const reps = useSalesRepOptions(canChooseRep);
  const { submit, submitting } = useSubmit(form, onSubmit, { serverFields: FIELDS });
  const field = (name: keyof TAdminSponsorFields) => fieldProps(form, name);

  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Company" required {...field('business_name')} />
          <TextInput label="Company phone" required type="tel" {...field('phone_number')} />
          <TextInput label="Contact name" required {...field('primary_name')} />
          <TextInput
            label="Contact e-mail (sign-in)"
            required
            type="email"
            autoComplete="off"
            {...field('primary_email')}
          />
          <TextInput label="Contact phone" required type="tel" {...field('primary_phone')} />
          <TextInput label="Website" {...field('website')} />
          <TextInput label="Second contact name" {...field('secondary_name')} />
          <TextInput label="Second contact e-mail" type="email" {...field('secondary_email')} />
          <TextInput label="Second contact phone" type="tel" {...field('secondary_phone')} />
          {canChooseRep && (
            <Controller
              control={form.control}
              name="srep_id"
              render={({ field: rep, fieldState }) => (
                <Select
                  label="Sales representative"
                  placeholder="Not assigned yet"
                  data={reps.data ?? []}
                  value={rep.value === undefined || rep.value === null ? null : String(rep.value)}
                  onChange={(value) => rep.onChange(value ? Number(value) : undefined)}
                  onBlur={rep.onBlur}
                  error={fieldState.error?.message}
                  clearable
                  searchable
                />
              )}
            />
          )}
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
