import '../../../styles/mantine-forms.css';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';

/** Keys a count never has (spec §5: number inputs block the minus and e keys). */
const REFUSED_KEYS = new Set(['-', '+', 'e', 'E', '.']);

function refuseSignAndExponent(event: KeyboardEvent<HTMLInputElement>) {
  if (REFUSED_KEYS.has(event.key)) event.preventDefault();
}

/**
 * A count of items: digits only from the keyboard, while a pasted "1,000" still reads as
 * a thousand. A text box with a numeric keyboard, so that the value is never silently
 * dropped by the browser as a number box does with what it cannot read.
 */
export function CountInput(props: TextInputProps & { name: string }) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="0"
      onKeyDown={refuseSignAndExponent}
      maw={{ sm: 260 }}
      {...props}
    />
  );
}
