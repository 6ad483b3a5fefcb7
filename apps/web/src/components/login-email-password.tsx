import '../styles/mantine-forms.css';
import { PasswordInput } from '@mantine/core';
import { type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { fieldProps } from '../lib/form.ts';

type Confirming = { primary_email: string; current_password?: string };

/**
 * The current password, shown under a profile's primary e-mail once it is no longer the
 * address the account signs in with: the save needs it then (the server checks it). Only
 * this field re-renders as the address is typed.
 */
export function LoginEmailPassword<T extends Confirming>({
  form,
  loginEmail,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  loginEmail: string;
}) {
  const email = useWatch({ control: form.control, name: 'primary_email' as Path<T> }) as string | undefined;
  if ((email ?? '').trim().toLowerCase() === loginEmail.toLowerCase()) return null;
  return (
    <PasswordInput
      label="Current password"
      description="Needed to change the email you log in with. Your other signed-in devices will be signed out."
      autoComplete="current-password"
      required
      visibilityToggleFocusable
      {...fieldProps(form, 'current_password' as Path<T>)}
    />
  );
}
