import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { FaqTopicFields, type TFaqTopicFields } from '@portal/contracts/admin-content';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { AudienceSelect } from './components/audience-select.tsx';

type Values = z.output<typeof FaqTopicFields>;
const FIELDS = Object.keys(FaqTopicFields.shape);

export const EMPTY_TOPIC: TFaqTopicFields = { name: '', slug: '', description: '', audience: 0 };

/** A Help and Support topic: its tile's name and line, its address, and who sees it. */
export function FaqTopicForm({
  defaults,
  submitLabel,
  onSubmit,
}: {
  defaults: TFaqTopicFields;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
}) {
  const form = useForm<TFaqTopicFields, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(FaqTopicFields),
    defaultValues: defaults,
  });
  const { submit, submitting } = useSubmit(form, onSubmit, { serverFields: FIELDS });
  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          description="The tile’s title, e.g. “Payment”."
          {...fieldProps(form, 'name')}
        />
        <TextInput
          label="Short line"
          description="Shown under the name on the tile."
          {...fieldProps(form, 'description')}
        />
        <TextInput
          label="Address"
          description="The topic’s part of the support page’s address (lower-case words with hyphens). Left empty, it is made from the name."
          {...fieldProps(form, 'slug')}
        />
        <AudienceSelect control={form.control} name="audience" description="Which support page shows the tile." />
        <Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
