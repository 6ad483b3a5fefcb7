import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TStaffMeResponse } from '@portal/contracts/admin';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/content.ts';
import { backOfficePath, sectionsFor } from '../sections.ts';

const ABOUT: Record<string, string> = {
  orders:
    'Every school’s orders: find them, move them on to delivery, set the delivery date, add tax and answer cancel requests.',
  sponsors:
    'Sponsor accounts: create one (it gets an invitation to set its password), edit it, assign its sales representative, disable it.',
  enquiries: 'Sponsors’ enquiries about products, newest first: read them, reply, close them.',
  requests: 'Messages from the contact form and the sponsor form: mark each handled once someone has answered it.',
  'money-owed': 'What sponsors and invoiced schools owe, by days past the due date, with totals and a CSV export.',
  sponsorships: 'Set up sponsorships with their items, approve them, record checks and e-mail pay links.',
  'audit-log':
    'Every change to orders, payments, sponsorships, the catalogue, prices, settings and accounts: who, when, before and after.',
};

/** The back office's start: who is signed in and where to go from here. */
export default function OverviewScreen({ staff }: { staff: TStaffMeResponse }) {
  usePageMeta({ title: 'Back Office' });
  const sections = sectionsFor(staff.role).filter((s) => s.path);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Welcome, {staff.name}
        </Title>
        <Text c="dimmed" size="sm">
          {staff.role === 'admin'
            ? 'You see every school, sponsor and order.'
            : 'You see your own sponsors, their enquiries and their sponsorships.'}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {sections.map((section) => (
          <Paper key={section.path} withBorder radius="md" p="md">
            <Anchor component={Link} to={backOfficePath(section.path)} fw={600}>
              {section.label}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {ABOUT[section.path]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
