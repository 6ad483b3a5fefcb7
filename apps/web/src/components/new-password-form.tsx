import '../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Stack } from '@mantine/core';
import {
  ChangePasswordBody,
  NewPasswordForm as NewPasswordSchema,
  type TNewPasswordForm,
} from '@portal/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts/constants';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FORM_MODE, fieldProps } from '../lib/form.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { SubmitButton } from './submit-button.tsx';

/** The values sent: the current password only where the form asks for it. */
export type NewPasswordValues = TNewPasswordForm & { current_password?: string };

interface NewPasswordFormProps {
  submitLabel: string;
  /** Ask for the current password first (changing it while signed in), not with a link's key. */
  askCurrent?: boolean;
  /** Resolves when the password was saved; the fields are then cleared. Rejects otherwise. */
  onSubmit: (values: NewPasswordValues) => Promise<unknown>;
}

const SERVER_FIELDS = ['current_password', 'npassword', 'cpassword'];

/**
 * New password and its confirmation (spec §5), after the current password when changing
 * it: used to set, reset and change a password. The length is checked as it is typed; the
 * server also refuses a common password, shown under the field like the rest.
 */
export function NewPasswordForm({ submitLabel, askCurrent = false, onSubmit }: NewPasswordFormProps) {
  const form = useForm<NewPasswordValues>({
    ...FORM_MODE,
    resolver: zodResolver(askCurrent ? ChangePasswordBody : NewPasswordSchema),
    defaultValues: askCurrent
      ? { current_password: '', npassword: '', cpassword: '' }
      : { npassword: '', cpassword: '' },
  });
  const { isValid } = form.formState;

  // The confirmation is judged against the new password, so a change to either re-judges it.
  const npassword = form.watch('npassword');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the new password changes, by design
  useEffect(() => {
    if (form.getFieldState('cpassword').isTouched) void form.trigger('cpassword');
  }, [npassword, form]);

  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      await onSubmit(values);
      form.reset();
    },
    { serverFields: SERVER_FIELDS },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {askCurrent && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            visibilityToggleFocusable
            {...fieldProps(form, 'current_password')}
          />
        )}
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters; not one that is common or easy to guess`}
          autoComplete="new-password"
          required
          visibilityToggleFocusable
          {...fieldProps(form, 'npassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          visibilityToggleFocusable
          {...fieldProps(form, 'cpassword')}
        />
        <SubmitButton disabled={!isValid} submitting={submitting} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </SubmitButton>
      </Stack>
    </form>
  );
}
