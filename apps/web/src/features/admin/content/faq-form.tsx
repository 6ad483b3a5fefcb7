import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { FaqFields, type TAdminFaqTopic, type TFaqFields } from '@portal/contracts/admin-content';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { RichTextField } from '../lib/rich-text-field.tsx';
import { AudienceSelect } from './components/audience-select.tsx';

type Values = z.output<typeof FaqFields>;
const FIELDS = Object.keys(FaqFields.shape);

/** A question of Help and Support: its topic, the question, the answer and who reads it. */
export function FaqForm({
  topics,
  defaults,
  submitLabel,
  onSubmit,
}: {
  topics: TAdminFaqTopic[];
  defaults: TFaqFields;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
}) {
  const form = useForm<TFaqFields, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(FaqFields),
    defaultValues: defaults,
  });
  const { submit, submitting } = useSubmit(form, onSubmit, { serverFields: FIELDS });
  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="category_id"
          render={({ field, fieldState }) => (
            <Select
              label="Topic"
              required
              placeholder="Choose the topic"
              data={topics.map((t) => ({ value: String(t.id), label: t.name }))}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : undefined)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput label="Question" required {...fieldProps(form, 'question')} />
        <RichTextField control={form.control} name="answer" label="Answer" minHeight={200} />
        <AudienceSelect
          control={form.control}
          name="audience"
          description="Schools and sponsors each see only the questions written for them."
        />
        <Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
