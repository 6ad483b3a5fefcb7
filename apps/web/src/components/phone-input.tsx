import { TextInput, type TextInputProps } from '@mantine/core';

/** A US phone number field: 10 digits (spec §9), with the phone keypad on touch screens. */
export function PhoneInput(props: TextInputProps) {
  return (
    <TextInput
      label="Phone"
      type="tel"
      inputMode="tel"
      autoComplete={props.required ? 'tel-national' : 'off'}
      placeholder="10 digits"
      {...props}
    />
  );
}
