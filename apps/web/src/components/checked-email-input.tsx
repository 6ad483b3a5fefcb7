import '../styles/mantine-forms.css';
import { Loader, TextInput, type TextInputProps } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import type { Availability } from '../lib/email-availability.ts';

interface CheckedEmailInputProps extends TextInputProps {
  /** The availability check's state for the address typed. */
  availability: Availability;
  /** Whether "available" may be said at all (a profile says it only for a changed address). */
  showAvailable?: boolean;
}

/** The e-mail field of a form that checks the address with the server as the user types. */
export function CheckedEmailInput({ availability, showAvailable = true, ...props }: CheckedEmailInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      required
      {...props}
      rightSection={availability === 'checking' ? <Loader size={16} aria-label="Checking availability" /> : null}
      success={availability === 'available' && !props.error && showAvailable ? MSG.emailAvailable : undefined}
    />
  );
}
