import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { TAdminDashboardResponse } from '@portal/contracts/admin-dashboard';
import { formatMoney } from '@portal/contracts/money';
import { Link } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { backOfficePath } from '../sections.ts';
import { useDashboard } from './api.ts';
import { ReservationsChart } from './reservations-chart.tsx';

interface Tile {
  label: string;
  figure: string;
  note: string;
  /** The list that shows what the figure counts. */
  to: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The tiles the staff member's figures make: a rep's leave out the schools' orders (null). */
function tilesOf(d: TAdminDashboardResponse): Tile[] {
  const tiles: Tile[] = [
    {
      label: 'Sponsors owe',
      figure: formatMoney(d.sponsors_owe_cents),
      note: `${plural(d.sponsorships_owing, 'approved sponsorship', 'approved sponsorships')} not paid in full`,
      to: `${backOfficePath('sponsorships')}?owed=1`,
    },
  ];
  if (d.schools_owe_cents !== null && d.orders_owing !== null) {
    tiles.push({
      label: 'Invoiced schools owe',
      figure: formatMoney(d.schools_owe_cents),
      note: `${plural(d.orders_owing, 'invoiced order', 'invoiced orders')} unpaid`,
      to: `${backOfficePath('orders')}?invoiced=1&payment_status=unpaid`,
    });
  }
  if (d.cancel_requests !== null) {
    tiles.push({
      label: 'Cancel requests',
      figure: String(d.cancel_requests),
      note: 'waiting for an answer',
      to: `${backOfficePath('orders')}?cancel_request=1`,
    });
  }
  tiles.push({
    label: 'Open enquiries',
    figure: String(d.enquiries_open),
    note: 'not answered or closed yet',
    to: `${backOfficePath('enquiries')}?state=open`,
  });
  if (d.payment_problems !== null) {
    tiles.push({
      label: 'Problem payments',
      figure: String(d.payment_problems),
      note: 'waiting for your decision',
      to: backOfficePath('payment-problems'),
    });
  }
  if (d.payment_disputes !== null && d.payment_disputes > 0) {
    tiles.push({
      label: 'Card disputes',
      figure: String(d.payment_disputes),
      note: 'open: answer at the payment gateway',
      to: `${backOfficePath('payment-problems')}#card-disputes`,
    });
  }
  if (d.proofs_waiting !== null) {
    tiles.push({
      label: 'Proofs waiting',
      figure: String(d.proofs_waiting),
      note: 'orders waiting for the school to answer a proof',
      to: `${backOfficePath('orders')}?proof_waiting=1`,
    });
  }
  return tiles;
}

/** The back office's figures at a glance, each leading to the list that shows them; read in one call. */
export function Dashboard() {
  const dashboard = useDashboard();
  if (dashboard.isError) {
    return <LoadError message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />;
  }
  if (!dashboard.data) return <Skeleton h={120} radius="lg" />;
  const data = dashboard.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="md">
        {tilesOf(data).map((tile) => (
          <Paper key={tile.label} withBorder radius="lg" p="md">
            <Text size="sm" c="gray.7" fw={600}>
              {tile.label}
            </Text>
            <Anchor component={Link} to={tile.to} fz={26} fw={700} aria-label={`${tile.label}: ${tile.figure}`}>
              {tile.figure}
            </Anchor>
            <Text size="xs" c="gray.7">
              {tile.note}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {data.reservations && <ReservationsChart years={data.reservations} />}
    </Stack>
  );
}
