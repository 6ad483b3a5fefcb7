import { BarChart } from '@mantine/charts';
import { Paper, Table, Text, Title } from '@mantine/core';
import type { TDashboardYear } from '@portal/contracts/admin-dashboard';
import { formatMoney } from '@portal/contracts/money';
import { Link } from 'react-router';
import { backOfficePath } from '../sections.ts';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Reservations (orders that left Pending, not cancelled) and their revenue per school year:
 * a chart, and the same figures as a table for reading them exactly and for screen readers.
 */
export function ReservationsChart({ years }: { years: TDashboardYear[] }) {
  const data = years.map((y) => ({
    year: y.school_year,
    revenue: Math.round(y.total_cents / 100),
    reservations: y.orders,
  }));
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-labelledby="reservations-title">
      <Title order={2} size="h4" id="reservations-title">
        Reservations and revenue by school year
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Orders reserved or placed (not cancelled) and their totals.
      </Text>
      {data.length === 0 ? (
        <Text size="sm">No reservations yet.</Text>
      ) : (
        <>
          <div aria-hidden>
            <BarChart
              h={260}
              data={data}
              dataKey="year"
              series={[
                { name: 'revenue', label: 'Revenue ($)', color: 'blue.6' },
                { name: 'reservations', label: 'Reservations', color: 'teal.6', yAxisId: 'right' },
              ]}
              withRightYAxis
              yAxisLabel="Revenue ($)"
              rightYAxisLabel="Reservations"
              accessibilityLayer={false}
              withLegend
              valueFormatter={(value) => whole.format(value)}
              yAxisProps={{ width: 70 }}
              rightYAxisProps={{ width: 40, allowDecimals: false }}
              tickLine="y"
            />
          </div>
          <Table.ScrollContainer minWidth={280} mt="md">
            <Table striped withTableBorder fz="sm" horizontalSpacing="xs" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>School year</Table.Th>
                  <Table.Th ta="right">Reservations</Table.Th>
                  <Table.Th ta="right">Revenue</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {years.map((y) => (
                  <Table.Tr key={y.school_year}>
                    <Table.Td>
                      <Link to={`${backOfficePath('orders')}?school_year=${encodeURIComponent(y.school_year)}`}>
                        {y.school_year}
                      </Link>
                    </Table.Td>
                    <Table.Td ta="right">{whole.format(y.orders)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(y.total_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}
