import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Center, Stack, TextInput } from '@mantine/core';
import { ForgotPasswordBody, type TForgotPasswordBody } from '@portal/contracts/auth';
import { useForm } from 'react-hook-form';
import { Notice } from '../../../components/notice.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useForgotPassword } from '../api/auth-calls.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { BackToLogin } from '../components/back-to-login.tsx';

export default function ForgotPassword() {
  usePageMeta({ title: 'Forgot Password', description: 'Get a link to set a new password for your account.' });
  const request = useForgotPassword();
  const form = useForm<TForgotPasswordBody>({
    ...FORM_MODE,
    resolver: zodResolver(ForgotPasswordBody),
    defaultValues: { email: '' },
  });

  const { submit, submitting } = useSubmit(
    form,
    async (values) => toastSuccess((await request.mutateAsync(values)).message),
    { serverFields: ['email'] },
  );

  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the email address of your account and we will send you a link to set a new password."
    >
      <Stack gap="lg">
        {request.isSuccess ? (
          // The toast carries the server's words; the page adds where the link went and how long it lasts.
          <Notice tone="success" title="Check your email">
            If {request.variables.email} belongs to an account, a link to set a new password is on its way to it. The
            link can be used once, within an hour.
          </Notice>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Forgot Password">
            <Stack gap="md">
              <TextInput label="Email" type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
              <SubmitButton size="md" fullWidth disabled={!form.formState.isValid} submitting={submitting}>
                Reset Password
              </SubmitButton>
            </Stack>
          </form>
        )}
        <Center>
          <BackToLogin />
        </Center>
      </Stack>
    </AuthCard>
  );
}
