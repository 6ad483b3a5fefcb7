import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Divider, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { PRODUCT_TYPE_LABELS, ProductFields, type TProductFields } from '@portal/contracts/admin-catalogue';
import { type Control, Controller, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { useAdminCategories } from './api.ts';
import { HtmlField, NameAndSlugFields, NumberTextField } from './form-fields.tsx';

type Values = z.output<typeof ProductFields>;
const FIELDS = Object.keys(ProductFields.shape);

export const EMPTY_PRODUCT: TProductFields = {
  category_id: 0,
  product_name: '',
  product_slug: '',
  type: 'order',
  login_req: 0,
  status: 1,
  brand: '',
  price_cents: 0,
  seo_title: '',
  seo_description: '',
  product_desc: '',
  product_spec: '',
  include_overview_btn: 0,
  overview_btn_label: '',
  include_contact_btn: 1,
};

const TYPE_OPTIONS = [
  { value: 'order', label: `${PRODUCT_TYPE_LABELS.order}: reserved through the order form` },
  { value: 'inquery', label: `${PRODUCT_TYPE_LABELS.inquery}: the enquiry goes to the sales rep` },
];

/** A 0/1 field as a checkbox. */
function FlagField({
  control,
  name,
  label,
}: {
  control: Control<TProductFields>;
  name: Path<TProductFields>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          checked={field.value === 1}
          onChange={(event) => field.onChange(event.currentTarget.checked ? 1 : 0)}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}

/** A product's fields; a new product's slug follows its name until it is edited. */
export function ProductForm({
  defaults,
  isNew,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  defaults: TProductFields;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useForm<TProductFields, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(ProductFields),
    defaultValues: defaults,
  });
  const categories = useAdminCategories();
  const { submit, submitting } = useSubmit(form, onSubmit, { serverFields: FIELDS });
  const field = (name: keyof TProductFields) => fieldProps(form, name);
  const categoryOptions = (categories.data?.categories ?? []).map((c) => ({
    value: String(c.id),
    label: c.category_name,
  }));

  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NameAndSlugFields form={form} isNew={isNew} name="product_name" slug="product_slug" kind="product" />
          <Controller
            control={form.control}
            name="category_id"
            render={({ field: category, fieldState }) => (
              <Select
                label="Category"
                required
                placeholder="Choose the category"
                data={categoryOptions}
                value={category.value ? String(category.value) : null}
                onChange={(value) => category.onChange(value ? Number(value) : 0)}
                onBlur={category.onBlur}
                error={fieldState.error?.message}
                searchable
              />
            )}
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field: type, fieldState }) => (
              <Select
                label="Type"
                required
                data={TYPE_OPTIONS}
                value={type.value}
                onChange={(value) => type.onChange(value ?? undefined)}
                onBlur={type.onBlur}
                error={fieldState.error?.message}
                allowDeselect={false}
              />
            )}
          />
          <TextInput label="Brand" {...field('brand')} />
          <NumberTextField control={form.control} name="price_cents" label="Price" money />
        </SimpleGrid>
        <Group gap="lg">
          <FlagField control={form.control} name="status" label="Listed on the site" />
          <FlagField control={form.control} name="login_req" label="Only signed-in visitors see its page" />
        </Group>
        <HtmlField control={form.control} name="product_desc" label="Description" minHeight={200} />
        <HtmlField control={form.control} name="product_spec" label="Specification" />
        <Divider />
        <Title order={3} size="h5">
          Buttons on the product page
        </Title>
        <Group gap="lg">
          <FlagField control={form.control} name="include_overview_btn" label="Overview PDF button" />
          <FlagField control={form.control} name="include_contact_btn" label="Contact Us for a Quote button" />
        </Group>
        <TextInput
          label="Overview button label"
          placeholder="Download Product Overview"
          maw={420}
          {...field('overview_btn_label')}
        />
        <Divider />
        <Title order={3} size="h5">
          Search engines
        </Title>
        <TextInput label="SEO title" {...field('seo_title')} />
        <Textarea label="SEO description" autosize minRows={2} {...field('seo_description')} />
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
