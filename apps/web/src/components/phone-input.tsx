import '../styles/mantine-forms.css';
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhone } from '@portal/contracts/phone';
import { useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

interface PhoneInputProps<T extends FieldValues, TOutput>
  extends Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> {
  control: Control<T, unknown, TOutput>;
  name: Path<T>;
}

/**
 * A US phone number field (spec §9) for every form: people type it as they like ("+1 813
 * 555 0142", "813.555.0142"), the shared phone rule reads it, and it reads back as
 * "(813) 555-0142" once they leave the field, as do the saved digits the form starts from.
 */
export function PhoneInput<T extends FieldValues, TOutput>({ control, name, ...props }: PhoneInputProps<T, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  // What the user is typing, kept as typed until they leave the field.
  const [draft, setDraft] = useState<string | null>(null);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <TextInput
      label="Phone"
      type="tel"
      inputMode="tel"
      autoComplete={props.required ? 'tel-national' : 'off'}
      placeholder="(555) 555-5555"
      error={fieldState.error?.message}
      {...props}
      ref={field.ref}
      name={field.name}
      disabled={field.disabled || props.disabled}
      value={draft ?? formatPhone(value)}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        field.onChange(event.currentTarget.value);
      }}
      onBlur={() => {
        if (draft !== null) {
          const formatted = formatPhone(draft);
          if (formatted !== draft) field.onChange(formatted);
          setDraft(null);
        }
        field.onBlur();
      }}
    />
  );
}
