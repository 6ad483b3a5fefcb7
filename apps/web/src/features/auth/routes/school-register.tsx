import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { RegisterForm } from '@portal/contracts/auth';
import { CONTENT_PAGE, PASSWORD_MIN_LENGTH, USER_TYPE } from '@portal/contracts/constants';
import { ROUTES } from '@portal/contracts/routes';
import { Link, useSearchParams } from 'react-router';
import { CheckedEmailInput } from '../../../components/checked-email-input.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { useFormWithEmailCheck } from '../../../lib/email-availability.ts';
import { fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useRegisterSchool } from '../api/auth-calls.ts';
import { useCompleteSignIn } from '../api/complete-sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';

export default function SchoolRegister() {
  usePageMeta({ pageId: CONTENT_PAGE.schoolRegister });
  const [params] = useSearchParams();
  const referralCode = params.get('code')?.trim() ?? '';
  const register = useRegisterSchool();
  const completeSignIn = useCompleteSignIn();

  const { form, availability } = useFormWithEmailCheck({
    resolver: zodResolver(RegisterForm),
    defaultValues: { email: '', password: '' },
    field: 'email',
    call: 'checkemail',
  });
  const email = fieldProps(form, 'email');

  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      try {
        const data = await register.mutateAsync({ ...values, usertype: USER_TYPE.school, ref_code: referralCode });
        toastSuccess(data.message);
        completeSignIn(data.token, data.usertype, ROUTES.schoolDetails.path, { ignoreBackUrl: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        }
        throw error;
      }
    },
    { serverFields: ['email', 'password'] },
  );

  const ready = form.formState.isValid && availability.status === 'available';

  return (
    <AuthCard
      title="Register as School"
      intro="Create your school’s account. You will fill in the school’s details next."
    >
      <form onSubmit={submit} noValidate aria-label="Register as School">
        <Stack gap="md">
          {referralCode && (
            <TextInput
              label="Referral code"
              value={referralCode}
              readOnly
              variant="filled"
              description="From the invitation you followed"
            />
          )}
          <CheckedEmailInput {...email} availability={availability.status} />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters; not one that is common or easy to guess`}
            autoComplete="new-password"
            required
            visibilityToggleFocusable
            {...fieldProps(form, 'password')}
          />
          <SubmitButton size="md" fullWidth disabled={!ready} submitting={submitting}>
            Register
          </SubmitButton>
        </Stack>
      </form>
      <Divider my="lg" />
      <Text size="sm" ta="center">
        Already registered?{' '}
        <Anchor component={Link} to={ROUTES.schoolLogin.path} fw={600}>
          Log in as School
        </Anchor>
      </Text>
    </AuthCard>
  );
}
