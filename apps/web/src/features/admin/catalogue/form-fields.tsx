import { Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Control, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { fieldProps } from '../../../lib/form.ts';
import { RichTextField } from '../lib/rich-text-field.tsx';

/** A slug made from a name: "Car Rider Tags!" → "car-rider-tags". */
export const slugify = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/** A record's name and the slug of its address; a new record's slug follows its name until it is edited. */
export function NameAndSlugFields<T extends FieldValues>({
  form,
  isNew,
  name,
  slug,
  kind,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  isNew: boolean;
  name: Path<T>;
  slug: Path<T>;
  kind: 'category' | 'product';
}) {
  const registered = form.register(name);
  return (
    <>
      <TextInput
        label="Name"
        required
        {...fieldProps(form, name)}
        onChange={(event) => {
          void registered.onChange(event);
          if (isNew && !form.getFieldState(slug).isDirty) {
            form.setValue(slug, slugify(event.currentTarget.value) as PathValue<T, Path<T>>);
          }
        }}
      />
      <TextInput
        label="Address name (slug)"
        description={`Used in the ${kind}'s address: /${kind}/…`}
        required
        {...fieldProps(form, slug)}
      />
    </>
  );
}

const shownNumber = (value: unknown, money: boolean) =>
  typeof value === 'number' ? (money ? (value / 100).toFixed(2) : String(value)) : String(value ?? '');

/** The number typed (cents for money), or the text itself when it is not one. */
function readNumber(typed: string, money: boolean): unknown {
  const clean = typed.replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d*)?$/.test(clean)) return typed;
  const n = Number(clean);
  return money ? Math.round(n * 100) : n;
}

/**
 * A whole number or an amount of dollars typed as text, kept in the form as a number
 * (cents for money). What cannot be read is passed on as typed, so that the schema's
 * message says what is wrong.
 */
export function NumberTextField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  money = false,
  required = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description?: string;
  money?: boolean;
  required?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const [text, setText] = useState(() => shownNumber(field.value, money));
  // A value set from outside (the record loaded, the form reset) replaces the text.
  useEffect(() => {
    setText((current) => (readNumber(current, money) === field.value ? current : shownNumber(field.value, money)));
  }, [field.value, money]);

  return (
    <TextInput
      label={label}
      description={description}
      required={required}
      inputMode={money ? 'decimal' : 'numeric'}
      leftSection={money ? '$' : undefined}
      value={text}
      name={field.name}
      ref={field.ref}
      onChange={(event) => {
        setText(event.currentTarget.value);
        field.onChange(readNumber(event.currentTarget.value, money));
      }}
      onBlur={() => {
        if (typeof field.value === 'number') setText(shownNumber(field.value, money));
        field.onBlur();
      }}
      error={fieldState.error?.message}
    />
  );
}

/**
 * An HTML field edited with the rich-text editor, unless it holds a table: the editor
 * keeps no tables (the sanitiser does), so such HTML is edited as it is written rather
 * than flattened into one paragraph when touched.
 */
export function HtmlField<T extends FieldValues>({
  control,
  name,
  label,
  minHeight,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  minHeight?: number;
}) {
  const { field, fieldState } = useController({ control, name });
  const [asSource] = useState(() => /<table[\s>]/i.test(String(field.value ?? '')));
  if (!asSource) return <RichTextField control={control} name={name} label={label} minHeight={minHeight} />;
  return (
    <Textarea
      label={label}
      description="This text holds a table, which the editor cannot show: edit its HTML here. Tables, rows and cells are kept."
      autosize
      minRows={4}
      maxRows={16}
      styles={{ input: { fontFamily: 'monospace' } }}
      {...field}
      value={String(field.value ?? '')}
      error={fieldState.error?.message}
    />
  );
}
