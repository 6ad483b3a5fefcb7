import { Container, Group, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { usePageMeta } from '../lib/content.ts';
import { type DashboardTile, DashboardTiles } from './dashboard-tiles.tsx';
import { LogoutButton } from './logout-button.tsx';

interface AccountDashboardProps {
  /** The account's details as loaded; undefined while loading. */
  details: { name: string; detailsCompleted: boolean } | undefined;
  /** Where an account that skipped its first setup is sent (spec §2). */
  detailsPath: string;
  tiles: DashboardTile[];
}

/** The school's and the sponsor's dashboard: a welcome, four tiles and logout. */
export function AccountDashboard({ details, detailsPath, tiles }: AccountDashboardProps) {
  usePageMeta({ title: 'Dashboard' });

  // An account that skipped its first setup finishes it before anything else (spec §2).
  if (details && !details.detailsCompleted) return <Navigate to={detailsPath} replace />;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>Dashboard</Title>
        <LogoutButton />
      </Group>
      <Text c="gray.7" mt={6} mb="xl" mih="1.55em">
        {details?.name ? `Welcome, ${details.name}.` : ''}
      </Text>
      <DashboardTiles tiles={tiles} />
    </Container>
  );
}
