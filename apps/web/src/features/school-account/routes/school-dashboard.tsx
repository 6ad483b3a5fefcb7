import { Container, Group, Text, Title } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { Navigate } from 'react-router';
import { DashboardTiles } from '../../../components/dashboard-tiles.tsx';
import { LogoutButton } from '../../../components/logout-button.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { useSignOutOnExpiry } from '../../../lib/use-session-expiry.ts';
import { useSchoolDetails } from '../api/school-calls.ts';
import { SCHOOL_PLACES } from '../components/school-links.ts';

export default function SchoolDashboard() {
  usePageMeta({ title: 'Dashboard' });
  const details = useSchoolDetails();
  useSignOutOnExpiry(details.error);

  // A school that skipped the first setup finishes it before anything else (spec §2).
  if (details.data && !details.data.details_completed) return <Navigate to={ROUTES.schoolDetails.path} replace />;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>Dashboard</Title>
        <LogoutButton />
      </Group>
      <Text c="gray.7" mt={6} mb="xl" mih="1.55em">
        {details.data ? `Welcome, ${details.data.school_name}.` : ''}
      </Text>
      <DashboardTiles tiles={SCHOOL_PLACES} />
    </Container>
  );
}
