import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { CategoryFields, type TCategoryFields } from '@portal/contracts/admin-catalogue';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { HtmlField, NameAndSlugFields, NumberTextField } from './form-fields.tsx';

type Values = z.output<typeof CategoryFields>;
const FIELDS = Object.keys(CategoryFields.shape);

export const EMPTY_CATEGORY: TCategoryFields = {
  category_name: '',
  category_slug: '',
  category_name_seo: '',
  category_description: '',
  category_description_seo: '',
  category_canonical: '',
  sort_order: 0,
};

/** A category's fields; a new category's slug follows its name until it is edited. */
export function CategoryForm({
  defaults,
  isNew,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  defaults: TCategoryFields;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useForm<TCategoryFields, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(CategoryFields),
    defaultValues: defaults,
  });
  const { submit, submitting } = useSubmit(form, onSubmit, { serverFields: FIELDS });
  const field = (name: keyof TCategoryFields) => fieldProps(form, name);

  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NameAndSlugFields form={form} isNew={isNew} name="category_name" slug="category_slug" kind="category" />
          <TextInput label="SEO title" {...field('category_name_seo')} />
          <TextInput label="Canonical address" placeholder="/category/…" {...field('category_canonical')} />
        </SimpleGrid>
        <Textarea label="SEO description" autosize minRows={2} {...field('category_description_seo')} />
        <HtmlField control={form.control} name="category_description" label="Description" />
        <NumberTextField
          control={form.control}
          name="sort_order"
          label="Sort order"
          description="Lower numbers come first in the category list"
        />
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
