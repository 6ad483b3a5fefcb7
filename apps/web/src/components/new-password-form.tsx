import '../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Stack } from '@mantine/core';
import { NewPasswordForm as NewPasswordSchema, type TNewPasswordForm } from '@portal/contracts/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FORM_MODE, fieldProps } from '../lib/form.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { SubmitButton } from './submit-button.tsx';

interface NewPasswordFormProps {
  submitLabel: string;
  /** Resolves when the password was saved; the fields are then cleared. Rejects otherwise. */
  onSubmit: (values: TNewPasswordForm) => Promise<unknown>;
}

/** New password and its confirmation (spec §5): used to set, reset and change a password. */
export function NewPasswordForm({ submitLabel, onSubmit }: NewPasswordFormProps) {
  const form = useForm<TNewPasswordForm>({
    ...FORM_MODE,
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { npassword: '', cpassword: '' },
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
    { serverFields: ['npassword', 'cpassword'] },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="New password"
          description="At least 6 characters"
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
