import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { StaffRole } from '@portal/contracts/admin';
import type { TAdminSponsorDetail } from '@portal/contracts/admin-sponsors';
import { formatMoney } from '@portal/contracts/money';
import { formatPhone } from '@portal/contracts/phone';
import { leftToPay } from '@portal/contracts/sponsorship-rules';
import { Link, useParams } from 'react-router';
import { Fact } from '../../../components/fact.tsx';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { AccountStatusButton } from '../lib/account-status.tsx';
import { day, when } from '../lib/format.ts';
import { RecordHistory } from '../lib/record-history.tsx';
import { backOfficePath } from '../sections.ts';
import { useResendInvitation, useSponsorStatus, useStaffSponsor, useUpdateSponsor } from './api.ts';
import { SponsorForm } from './sponsor-form.tsx';

const STATE_LABEL = { open: 'Open', answered: 'Answered', closed: 'Closed' } as const;

function AccountActions({ sponsor }: { sponsor: TAdminSponsorDetail }) {
  const status = useSponsorStatus(sponsor.user_id);
  const resend = useResendInvitation(sponsor.user_id);
  return (
    <Group gap="sm">
      {!sponsor.has_password && (
        <Button
          variant="default"
          loading={resend.isPending}
          onClick={() => resend.mutate(undefined, { onSuccess: (out) => toastSuccess(out.message) })}
        >
          Resend invitation
        </Button>
      )}
      <AccountStatusButton
        disabling={sponsor.status === 1}
        consequence={{
          disable: `${sponsor.business_name} will be signed out and can no longer sign in until the account is enabled again.`,
          enable: `${sponsor.business_name} will be able to sign in again.`,
        }}
        busy={status.isPending}
        change={(next) => status.mutateAsync(next)}
      />
    </Group>
  );
}

function SponsorDetail({ sponsor, role }: { sponsor: TAdminSponsorDetail; role: StaffRole }) {
  usePageMeta({ title: sponsor.business_name || 'Sponsor' });
  const update = useUpdateSponsor(sponsor.user_id);
  const [editing, { open, close }] = useDisclosure(false);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backOfficePath('sponsors')} size="sm">
        ← Sponsors
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {sponsor.business_name || '(no name)'}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color={sponsor.status === 1 ? 'teal.9' : 'red.9'}>
              {sponsor.status === 1 ? 'Active' : 'Disabled'}
            </Badge>
            {!sponsor.has_password && (
              <Badge color="grape.9" variant="outline">
                Invitation not accepted yet
              </Badge>
            )}
          </Group>
        </Stack>
        <AccountActions sponsor={sponsor} />
      </Group>
      <Paper withBorder p="md" radius="md">
        {editing ? (
          <SponsorForm
            defaults={{
              business_name: sponsor.business_name,
              primary_name: sponsor.primary_name,
              primary_email: sponsor.primary_email,
              primary_phone: sponsor.primary_phone,
              phone_number: sponsor.phone_number,
              website: sponsor.website,
              secondary_name: sponsor.secondary_name,
              secondary_email: sponsor.secondary_email,
              secondary_phone: sponsor.secondary_phone,
              srep_id: sponsor.srep_id ?? undefined,
            }}
            canChooseRep={role === 'admin'}
            submitLabel="Save"
            onCancel={close}
            onSubmit={async (values) => {
              toastSuccess((await update.mutateAsync({ ...values, version: sponsor.version })).message);
              close();
            }}
          />
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" component="dl" m={0}>
              <Fact label="Contact" value={sponsor.primary_name} />
              <Fact label="E-mail (sign-in)" value={sponsor.primary_email} />
              <Fact label="Contact phone" value={formatPhone(sponsor.primary_phone)} />
              <Fact label="Company phone" value={formatPhone(sponsor.phone_number)} />
              <Fact label="Website" value={sponsor.website} />
              <Fact label="Sales representative" value={sponsor.rep_name} />
              <Fact label="Address" value={[sponsor.address, sponsor.city, sponsor.zip].filter(Boolean).join(', ')} />
              <Fact
                label="Second contact"
                value={[sponsor.secondary_name, sponsor.secondary_email, sponsor.secondary_phone]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <Fact label="Created" value={day.format(new Date(sponsor.created_at))} />
              <Fact
                label="Last sign-in"
                value={sponsor.last_login_at ? when.format(new Date(sponsor.last_login_at)) : 'Never'}
              />
            </SimpleGrid>
            <Group>
              <Button variant="default" onClick={open}>
                Edit details
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Sponsorships
        </Title>
        {sponsor.sponsorships.length === 0 ? (
          <Text c="gray.7">No sponsorships yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sponsorship</Table.Th>
                  <Table.Th>Year</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Owed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sponsor.sponsorships.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor component={Link} to={backOfficePath(`sponsorships/${s.id}`)}>
                        #{s.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{s.year}</Table.Td>
                    <Table.Td>{s.status}</Table.Td>
                    <Table.Td>{formatMoney(s.total_cents)}</Table.Td>
                    <Table.Td>{formatMoney(leftToPay(s))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Enquiries
        </Title>
        {sponsor.enquiries.length === 0 ? (
          <Text c="gray.7">No enquiries yet.</Text>
        ) : (
          sponsor.enquiries.map((e) => (
            <Group key={e.id} gap="sm" wrap="nowrap">
              <Anchor component={Link} to={backOfficePath(`enquiries/${e.id}`)}>
                #{e.id}
              </Anchor>
              <Text style={{ flex: 1, overflowWrap: 'anywhere' }}>{e.product}</Text>
              <Text size="sm" c="gray.7">
                {day.format(new Date(e.submitted_at))}
              </Text>
              <Badge variant="outline" color="blue.9">
                {STATE_LABEL[e.state]}
              </Badge>
            </Group>
          ))
        )}
      </Stack>
      <RecordHistory kind="sponsors" id={sponsor.user_id} />
    </Stack>
  );
}

/** /admin/sponsors/:id: the sponsor's facts, its actions and its history. */
export default function SponsorDetailScreen({ role }: { role: StaffRole }) {
  const id = Number(useParams().id);
  const sponsor = useStaffSponsor(id);
  if (sponsor.isError) return <LoadError message={sponsor.error.message} onRetry={() => void sponsor.refetch()} />;
  if (!sponsor.data) return <LoadingBar active />;
  return <SponsorDetail sponsor={sponsor.data.sponsor} role={role} />;
}
