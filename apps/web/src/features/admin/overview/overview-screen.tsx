import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TStaffMeResponse } from '@portal/contracts/admin';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/content.ts';
import { Dashboard } from '../dashboard/dashboard.tsx';
import { backOfficePath, sectionsFor } from '../sections.ts';

const ABOUT: Record<string, string> = {
  products:
    'The products on the site: edit their texts, price and buttons, add and order their pictures and overview PDFs, hide them.',
  categories: 'The categories products are filed under: their names, descriptions, pictures and order.',
  orders:
    'Every school’s orders: find them, move them on to delivery, set the delivery date, add tax, send proofs and answer cancel requests.',
  sponsors:
    'Sponsor accounts: create one (it gets an invitation to set its password), edit it, assign its sales representative, disable it.',
  enquiries: 'Sponsors’ enquiries about products, newest first: read them, reply, close them.',
  requests: 'Messages from the contact form and the sponsor form: mark each handled once someone has answered it.',
  'cost-sheets': 'The prices of each product’s reservation form: administrators change them, sales reps read them.',
  'money-owed': 'What sponsors and invoiced schools owe, by days past the due date, with totals and a CSV export.',
  'payment-problems':
    'Payments the gateway took that could not be counted as they stood: record each, refund it or mark it failed.',
  sponsorships: 'Set up sponsorships with their items, approve them, record checks and e-mail pay links.',
  pages: 'The content pages’ titles and descriptions, and the text of About, Privacy Policy and Terms of Service.',
  testimonials: 'What schools and sponsors say on the home page: add, edit, hide, delete and order them.',
  faqs: 'Help and Support: its topics and their questions and answers, in order.',
  settings: 'Support e-mail, phone and address, the header and partner links, the video, the cut-off and the tax note.',
  schools: 'Every school’s details, orders and tax certificates (expired or expiring flagged), and its history.',
  staff:
    'Administrators and sales representatives: invite one (they get a link to set a password), disable or enable them.',
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
      <Dashboard />
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
