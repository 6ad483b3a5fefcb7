import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Box, Checkbox, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { LoginForm, type TLoginForm } from '@portal/contracts/auth';
import { MSG } from '@portal/contracts/messages';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { browserSession } from '../../../lib/browser-session.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useLogin, useStaffLogin } from '../api/auth-calls.ts';
import { useCompleteSignIn } from '../api/complete-sign-in.ts';
import { AuthCard } from './auth-card.tsx';

interface LoginScreenProps {
  title: string;
  /** The content page that gives the screen its title and description; none: the title is the screen's. */
  pageId?: number;
  /** The door: the school's (4), the sponsor's (5) or the employee login. */
  door: 4 | 5 | 'staff';
  /** Where a login without a saved backurl lands. */
  dashboard: string;
  /** The other door, for people who came to the wrong one. */
  otherLogin?: { label: string; to: string };
  /** The way in for people without an account. */
  signUp?: ReactNode;
  intro?: string;
}

const INTRO = 'Welcome back. Log in with the email address and password of your account.';

/** The school, sponsor and employee login screens (spec §2, §4, §5, §8): one form, three doors. */
export function LoginScreen({ title, pageId, door, dashboard, otherLogin, signUp, intro = INTRO }: LoginScreenProps) {
  usePageMeta(pageId ? { pageId } : { title });
  const login = useLogin();
  const staffLogin = useStaffLogin();
  // Said once: the notice stays for this visit, the flag goes.
  const [expired] = useState(browserSession.wasExpired);
  useEffect(() => browserSession.forgetExpired(), []);
  const completeSignIn = useCompleteSignIn();
  const form = useForm<TLoginForm>({
    ...FORM_MODE,
    resolver: zodResolver(LoginForm),
    defaultValues: { username: '', password: '', remember: false },
  });

  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const data =
        door === 'staff'
          ? await staffLogin.mutateAsync(values)
          : await login.mutateAsync({ ...values, usertype: door });
      toastSuccess(data.message);
      completeSignIn(data.token, data.usertype, dashboard);
    },
    { serverFields: ['username', 'password'] },
  );

  return (
    <AuthCard title={title} intro={intro}>
      {expired && (
        <Box mb="md">
          <Notice tone="error">{MSG.sessionExpired}</Notice>
        </Box>
      )}
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="username" required {...fieldProps(form, 'username')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            visibilityToggleFocusable
            {...fieldProps(form, 'password')}
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Checkbox label="Remember me" {...form.register('remember')} />
            <Anchor component={Link} to="/forgot-password" size="sm" fw={500}>
              Forgot password?
            </Anchor>
          </Group>
          <SubmitButton size="md" fullWidth disabled={!form.formState.isValid} submitting={submitting}>
            Log in
          </SubmitButton>
        </Stack>
      </form>
      {(signUp || otherLogin) && (
        <>
          <Divider my="lg" />
          <Stack gap={6} align="center" ta="center">
            {signUp && <Text size="sm">{signUp}</Text>}
            {otherLogin && (
              <Text size="sm" c="gray.7">
                Not the right account type?{' '}
                <Anchor component={Link} to={otherLogin.to} fw={500}>
                  {otherLogin.label}
                </Anchor>
              </Text>
            )}
          </Stack>
        </>
      )}
    </AuthCard>
  );
}
