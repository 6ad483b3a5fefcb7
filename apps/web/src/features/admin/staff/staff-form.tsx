import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '@portal/contracts/admin';
import { CreateStaffBody, type TCreateStaffBody } from '@portal/contracts/admin-staff';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';

type Values = z.output<typeof CreateStaffBody>;
const FIELDS = Object.keys(CreateStaffBody.shape);
const EMPTY: TCreateStaffBody = { first_name: '', last_name: '', email: '', role: 'rep' };
const ROLE_OPTIONS = [...STAFF_ROLES].reverse().map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** A new staff member: name, sign-in e-mail and role; the invitation lets them choose a password. */
export function StaffForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<TCreateStaffBody, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(CreateStaffBody),
    defaultValues: EMPTY,
  });
  const { submit, submitting } = useSubmit(form, onSubmit, { serverFields: FIELDS });

  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First name" required autoComplete="off" {...fieldProps(form, 'first_name')} />
          <TextInput label="Last name" required autoComplete="off" {...fieldProps(form, 'last_name')} />
        </SimpleGrid>
        <TextInput label="E-mail (sign-in)" required type="email" autoComplete="off" {...fieldProps(form, 'email')} />
        <Controller
          control={form.control}
          name="role"
          render={({ field, fieldState }) => (
            <Select
              label="Role"
              required
              data={ROLE_OPTIONS}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              allowDeselect={false}
            />
          )}
        />
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            Create and send invitation
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
