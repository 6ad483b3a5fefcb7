import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { StaffRole } from '@portal/contracts/admin';
import { certificateFlagged, type TAdminSchoolDetail } from '@portal/contracts/admin-schools';
import { formatMoney } from '@portal/contracts/money';
import { formatPhone } from '@portal/contracts/phone';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '@portal/contracts/school-orders';
import { Link, useParams } from 'react-router';
import { Fact } from '../../../components/fact.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { api } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { AccountStatusButton } from '../lib/account-status.tsx';
import { day, when } from '../lib/format.ts';
import { RecordHistory } from '../lib/record-history.tsx';
import { backOfficePath } from '../sections.ts';
import { useSchoolStatus, useStaffSchool } from './api.ts';
import { CertificateBadge } from './certificate-badge.tsx';

const onDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const phone = (number: string, extension: string) =>
  number ? `${formatPhone(number)}${extension ? ` ext. ${extension}` : ''}` : '';

function AccountAction({ school }: { school: TAdminSchoolDetail }) {
  const status = useSchoolStatus(school.user_id);
  const name = school.details.school_name || school.details.user_email;
  return (
    <AccountStatusButton
      disabling={school.status === 1}
      consequence={{
        disable: `${name} will be signed out and can no longer sign in until the account is enabled again. Its orders stay as they are.`,
        enable: `${name} will be able to sign in again.`,
      }}
      busy={status.isPending}
      change={(next) => status.mutateAsync(next)}
    />
  );
}

function Details({ school }: { school: TAdminSchoolDetail }) {
  const d = school.details;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Details
      </Title>
      {!d.details_completed && (
        <Text size="sm" c="gray.7" mb="sm">
          The school has not completed its details yet.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" component="dl" m={0}>
        <Fact label="E-mail (sign-in)" value={d.user_email} />
        <Fact label="School phone" value={formatPhone(d.phone)} />
        <Fact label="Website" value={d.website} />
        <Fact
          label="Address"
          value={[d.address, d.city, [d.state, d.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
        />
        <Fact label="County" value={d.county} />
        <Fact
          label="Follows the district calendar"
          value={d.dist_calendar === 1 ? 'Yes' : d.dist_calendar === 0 ? 'No' : ''}
        />
        <Fact
          label="Average enrollment"
          value={d.avg_enrollment === null ? '' : d.avg_enrollment.toLocaleString('en-US')}
        />
        <Fact label="Principal / head of school" value={[d.hod_name, d.hod_email].filter(Boolean).join(' · ')} />
        <Fact label="Referral code" value={d.ref_code} />
        <Fact
          label="Primary contact"
          value={[d.primary_name, d.primary_position, phone(d.primary_phone, d.primary_phone2)]
            .filter(Boolean)
            .join(' · ')}
        />
        <Fact
          label="Second contact"
          value={[
            d.secondary_name,
            d.secondary_position,
            d.secondary_email,
            phone(d.secondary_phone, d.secondary_phone2),
          ]
            .filter(Boolean)
            .join(' · ')}
        />
        <Fact
          label="Account"
          value={`Registered ${day.format(new Date(school.created_at))}${
            school.last_login_at
              ? ` · last signed in ${when.format(new Date(school.last_login_at))}`
              : ' · never signed in'
          }`}
        />
      </SimpleGrid>
    </Paper>
  );
}

function Orders({ school, role }: { school: TAdminSchoolDetail; role: StaffRole }) {
  const admin = role === 'admin';
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Orders ({school.orders_total})
        </Title>
        {admin && school.orders_total > 0 && (
          <Anchor
            component={Link}
            to={`${backOfficePath('orders')}?q=${encodeURIComponent(school.details.user_email)}`}
            size="sm"
          >
            All orders
          </Anchor>
        )}
      </Group>
      {school.orders.length === 0 ? (
        <Text c="gray.7" size="sm">
          No orders yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Order</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>Year</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Payment</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {school.orders.map((o) => (
                <Table.Tr key={o.order_id}>
                  <Table.Td>
                    {admin ? (
                      <Anchor component={Link} to={backOfficePath(`orders/${o.order_id}`)}>
                        #{o.order_id}
                      </Anchor>
                    ) : (
                      `#${o.order_id}`
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{day.format(new Date(o.order_date))}</Table.Td>
                  <Table.Td>{o.product}</Table.Td>
                  <Table.Td>{o.school_year || '—'}</Table.Td>
                  <Table.Td>{ORDER_STATUS_LABELS[o.status]}</Table.Td>
                  <Table.Td>{PAYMENT_STATUS_LABELS[o.payment_status]}</Table.Td>
                  <Table.Td ta="right">{formatMoney(o.total_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function Certificates({ school }: { school: TAdminSchoolDetail }) {
  const current = school.certificates.find((c) => c.current);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Tax certificates
      </Title>
      {current && certificateFlagged(current.state) && (
        <Text size="sm" c={current.state === 'expired' ? 'red.9' : 'orange.9'} fw={600} mb="sm" role="status">
          {current.state === 'expired'
            ? `The current tax certificate expired on ${current.expires_on ? onDay(current.expires_on) : ''}.`
            : `The current tax certificate expires on ${current.expires_on ? onDay(current.expires_on) : ''}, within 30 days.`}
        </Text>
      )}
      {school.certificates.length === 0 ? (
        <Text c="gray.7" size="sm">
          The school has uploaded no tax certificate.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Uploaded</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {school.certificates.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Anchor
                      href={`/api/orderfile/${c.stored_name}`}
                      style={{ overflowWrap: 'anywhere' }}
                      onClick={(event) => {
                        event.preventDefault();
                        void api.download(`/api/orderfile/${c.stored_name}`, c.file_name);
                      }}
                    >
                      {c.file_name}
                    </Anchor>
                    {c.current && (
                      <Badge ml={6} size="xs" variant="outline" color="blue.9">
                        Current
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{day.format(new Date(c.uploaded_at))}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.expires_on ? onDay(c.expires_on) : '—'}</Table.Td>
                  <Table.Td>
                    <CertificateBadge state={c.state} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function SchoolDetail({ school, role }: { school: TAdminSchoolDetail; role: StaffRole }) {
  const name = school.details.school_name || school.details.user_email;
  usePageMeta({ title: name });
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backOfficePath('schools')} size="sm">
        ← Schools
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color={school.status === 1 ? 'teal.9' : 'red.9'}>
              {school.status === 1 ? 'Active' : 'Disabled'}
            </Badge>
          </Group>
        </Stack>
        {role === 'admin' && <AccountAction school={school} />}
      </Group>
      <Details school={school} />
      <Certificates school={school} />
      <Orders school={school} role={role} />
      <RecordHistory kind="schools" id={school.user_id} />
    </Stack>
  );
}

/** /admin/schools/:id: one school, its orders, its tax certificates and its history. */
export default function SchoolDetailScreen({ role }: { role: StaffRole }) {
  const id = Number(useParams().id);
  const school = useStaffSchool(id);
  if (school.isError) return <LoadError message={school.error.message} onRetry={() => void school.refetch()} />;
  if (!school.data) return <FormSkeleton rows={6} />;
  return <SchoolDetail school={school.data.school} role={role} />;
}
