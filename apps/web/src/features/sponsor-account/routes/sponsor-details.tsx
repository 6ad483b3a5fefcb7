import { Container, Paper, Text, Title } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { useNavigate } from 'react-router';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSponsorDetails } from '../api/sponsor-calls.ts';
import { SponsorDetailsForm } from '../components/sponsor-details-form.tsx';

/** First setup (spec §2): saving leads to the dashboard. */
export default function SponsorDetails() {
  usePageMeta({ title: 'Fill Sponsor Details' });
  const navigate = useNavigate();
  const details = useSponsorDetails();

  return (
    <Container size={560} py={{ base: 'lg', sm: 48 }}>
      <Title order={1}>Fill Sponsor Details</Title>
      <Text c="gray.7" mt={6} mb="xl">
        Tell us the name of your business. You can add the rest of your details later in your profile.
      </Text>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {details.isError ? (
          <LoadError message={details.error.message} onRetry={() => void details.refetch()} />
        ) : details.data ? (
          <SponsorDetailsForm
            details={details.data}
            onSaved={(message) => {
              toastSuccess(message);
              navigate(ROUTES.sponsorDashboard.path, { replace: true });
            }}
          />
        ) : (
          <FormSkeleton rows={2} />
        )}
      </Paper>
    </Container>
  );
}
