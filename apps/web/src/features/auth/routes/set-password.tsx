import { Button, Stack, Text } from '@mantine/core';
import type { TNewPasswordForm } from '@portal/contracts/auth';
import { ROUTES } from '@portal/contracts/routes';
import { Link, useParams } from 'react-router';
import { NewPasswordForm } from '../../../components/new-password-form.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSetPassword } from '../api/auth-calls.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** /set-password/:key, the link of the reset and invitation e-mails; the key is the security key. */
export default function SetPassword() {
  usePageMeta({ title: 'Set New Password', description: 'Choose a new password for your account.' });
  const { key = '' } = useParams();
  const setPassword = useSetPassword();

  const save = (values: TNewPasswordForm) =>
    setPassword.mutateAsync({ ...values, securitykey: key }).then((data) => toastSuccess(data.message));

  if (setPassword.isSuccess) {
    return (
      <AuthCard title="Password Saved">
        <Stack gap="lg">
          {/* The toast carries the server's words; the page says what to do next. */}
          <Notice tone="success">Log in with your new password as a school or as a sponsor.</Notice>
          {/* One above the other: side by side, half the card cut both labels. */}
          <Stack gap="sm">
            <Button component={Link} to={ROUTES.schoolLogin.path} size="md" fullWidth>
              Log in as School
            </Button>
            <Button component={Link} to={ROUTES.sponsorLogin.path} size="md" variant="default" fullWidth>
              Log in as Sponsor
            </Button>
          </Stack>
        </Stack>
      </AuthCard>
    );
  }

  // A used or expired link cannot be fixed by typing again: offer a new one instead.
  const error = setPassword.error;
  const failed =
    error instanceof ApiError &&
    !Object.keys(error.errors).some((field) => field === 'npassword' || field === 'cpassword');

  return (
    <AuthCard title="Set New Password" intro="Choose a new password for your account.">
      <Stack gap="lg">
        {failed && (
          <Notice tone="error">
            <Text size="sm">{error.message}</Text>
            <Button component={Link} to={ROUTES.forgotPassword.path} variant="default" size="xs" mt="sm">
              Request a new link
            </Button>
          </Notice>
        )}
        <NewPasswordForm submitLabel="Set Password" onSubmit={save} />
      </Stack>
    </AuthCard>
  );
}
