import { Paper, Stack } from '@mantine/core';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { ChangePasswordCard } from '../../../components/change-password-card.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { SCHOOL_SIDEBAR } from '../../../components/school-links.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useLogoutWhen } from '../../../lib/use-logout.ts';
import { useStates } from '../../../lib/use-states.ts';
import { useSchoolDetails } from '../api/school-calls.ts';
import { SchoolForm } from '../components/school-form.tsx';

export default function SchoolProfile() {
  usePageMeta({ title: 'Profile' });
  const details = useSchoolDetails();
  const states = useStates();
  useLogoutWhen(details.error);

  return (
    <AccountLayout
      title="Profile"
      description="Keep your school’s details up to date."
      links={SCHOOL_SIDEBAR}
      sidebarHeading={details.data?.school_name}
    >
      <Stack gap="xl">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {states.isError ? (
            <LoadError message={states.error.message} onRetry={() => void states.refetch()} />
          ) : details.data && states.data ? (
            <SchoolForm
              details={details.data}
              mode="profile"
              submitLabel="Save changes"
              onSaved={(message) => toastSuccess(message)}
            />
          ) : (
            <FormSkeleton rows={10} />
          )}
        </Paper>
        <ChangePasswordCard />
      </Stack>
    </AccountLayout>
  );
}
