import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { TestimonialFields, type TTestimonialFields } from '@portal/contracts/admin-content';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { RichTextField } from '../lib/rich-text-field.tsx';

type Values = z.output<typeof TestimonialFields>;
const FIELDS = Object.keys(TestimonialFields.shape);

export const EMPTY_TESTIMONIAL: TTestimonialFields = { name: '', address: '', note: '', published: true };

/** A testimonial as staff write it: who said it, where they are from, their words, and whether the home page shows it. */
export function TestimonialForm({
  defaults,
  submitLabel,
  onSubmit,
}: {
  defaults: TTestimonialFields;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
}) {
  const form = useForm<TTestimonialFields, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(TestimonialFields),
    defaultValues: defaults,
  });
  const { submit, submitting } = useSubmit(form, onSubmit, { serverFields: FIELDS });
  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="sm">
        <TextInput label="Name" required description="Who said it." {...fieldProps(form, 'name')} />
        <TextInput
          label="Role and place"
          description="Shown under the name, e.g. “Principal, Lincoln Elementary, Tampa”."
          {...fieldProps(form, 'address')}
        />
        <RichTextField control={form.control} name="note" label="What they said" />
        <Checkbox
          label="Show it on the home page"
          description="Untick to hide it without deleting it."
          {...form.register('published')}
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
