import { Container, Paper, Text, Title } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { useNavigate } from 'react-router';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useStates } from '../../../lib/use-states.ts';
import { useSchoolDetails } from '../api/school-calls.ts';
import { SchoolForm } from '../components/school-form.tsx';

/** First setup after registration (spec §2, §4): saving leads to the dashboard. */
export default function SchoolDetails() {
  usePageMeta({ title: 'Fill School Details' });
  const navigate = useNavigate();
  const details = useSchoolDetails();
  const states = useStates();

  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Title order={1}>Fill School Details</Title>
      <Text c="gray.7" mt={6} mb="xl">
        Tell us about your school so that we can prepare your orders. You can change these details later in your
        profile.
      </Text>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {details.isError || states.isError ? (
          <LoadError
            message={(details.error ?? states.error)?.message ?? ''}
            onRetry={() => {
              void details.refetch();
              void states.refetch();
            }}
          />
        ) : details.data && states.data ? (
          <SchoolForm
            details={details.data}
            mode="setup"
            submitLabel="Save"
            onSaved={(message) => {
              toastSuccess(message);
              navigate(ROUTES.schoolDashboard.path, { replace: true });
            }}
          />
        ) : (
          <FormSkeleton rows={8} />
        )}
      </Paper>
    </Container>
  );
}
