import { Paper, Stack } from '@mantine/core';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { ChangePasswordCard } from '../../../components/change-password-card.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { SPONSOR_SIDEBAR } from '../../../components/sponsor-links.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useLogoutWhen } from '../../../lib/use-logout.ts';
import { useStates } from '../../../lib/use-states.ts';
import { useSponsorDetails } from '../api/sponsor-calls.ts';
import { SponsorProfileForm } from '../components/sponsor-profile-form.tsx';

export default function SponsorProfile() {
  usePageMeta({ title: 'Profile' });
  const details = useSponsorDetails();
  const states = useStates();
  useLogoutWhen(details.error);

  return (
    <AccountLayout
      title="Profile"
      description="Keep your business details up to date."
      links={SPONSOR_SIDEBAR}
      sidebarHeading={details.data?.business_name}
    >
      <Stack gap="xl">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {states.isError ? (
            <LoadError message={states.error.message} onRetry={() => void states.refetch()} />
          ) : details.data && states.data ? (
            <SponsorProfileForm details={details.data} onSaved={(message) => toastSuccess(message)} />
          ) : (
            <FormSkeleton rows={10} />
          )}
        </Paper>
        <ChangePasswordCard title="Reset Password" />
      </Stack>
    </AccountLayout>
  );
}
