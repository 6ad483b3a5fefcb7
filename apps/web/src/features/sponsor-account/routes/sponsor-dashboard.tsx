import { Container, Group, Text, Title } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { Navigate } from 'react-router';
import { DashboardTiles } from '../../../components/dashboard-tiles.tsx';
import { LogoutButton } from '../../../components/logout-button.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { useSignOutOnExpiry } from '../../../lib/use-session-expiry.ts';
import { useSponsorDetails } from '../api/sponsor-calls.ts';
import { SPONSOR_PLACES } from '../components/sponsor-links.ts';

export default function SponsorDashboard() {
  usePageMeta({ title: 'Dashboard' });
  const details = useSponsorDetails();
  useSignOutOnExpiry(details.error);

  // A sponsor without its first details fills them in before anything else (spec §2).
  if (details.data && !details.data.details_completed) return <Navigate to={ROUTES.sponsorDetails.path} replace />;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>Dashboard</Title>
        <LogoutButton />
      </Group>
      <Text c="gray.7" mt={6} mb="xl" mih="1.55em">
        {details.data?.business_name ? `Welcome, ${details.data.business_name}.` : ''}
      </Text>
      <DashboardTiles tiles={SPONSOR_PLACES} />
    </Container>
  );
}
