import { Badge, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { STAFF_ROLE_LABELS } from '@portal/contracts/admin';
import type { TStaffAccountRow } from '@portal/contracts/admin-staff';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { AccountStatusConfirm } from '../lib/account-status.tsx';
import { when } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useCreateStaff, useResendStaffInvitation, useStaffAccounts, useStaffStatus } from './api.ts';
import { StaffForm } from './staff-form.tsx';

/** Asks before a staff account is disabled (its sessions end) or enabled again. */
function StatusConfirm({ member, onClose }: { member: TStaffAccountRow | null; onClose: () => void }) {
  const status = useStaffStatus();
  return (
    <AccountStatusConfirm
      opened={member !== null}
      onClose={onClose}
      disabling={member?.status === 1}
      consequence={{
        disable: `${member?.name} will be signed out and can no longer sign in to the back office until the account is enabled again.`,
        enable: `${member?.name} will be able to sign in to the back office again.`,
      }}
      busy={status.isPending}
      change={(next) => status.mutateAsync({ id: member?.user_id ?? 0, status: next })}
    />
  );
}

/** /admin/staff: every staff account, "New staff member", and disabling or enabling one (administrators). */
export default function StaffScreen({ myUserId }: { myUserId: number }) {
  usePageMeta({ title: 'Staff' });
  const accounts = useStaffAccounts();
  const create = useCreateStaff();
  const resend = useResendStaffInvitation();
  const [creating, { open, close }] = useDisclosure(false);
  const [words, setWords] = useState('');
  const wide = useMediaQuery('(min-width: 48em)');
  const [confirming, setConfirming] = useState<TStaffAccountRow | null>(null);
  const needle = words.trim().toLowerCase();
  const records = (accounts.data?.staff ?? []).filter(
    (s) => !needle || s.name.toLowerCase().includes(needle) || s.email.toLowerCase().includes(needle),
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Staff
        </Title>
        <Button onClick={open}>New staff member</Button>
      </Group>
      <TextInput
        label="Search"
        placeholder="Name or e-mail"
        value={words}
        onChange={(event) => setWords(event.currentTarget.value)}
        maxLength={200}
        maw={420}
      />
      {accounts.isError ? (
        <LoadError message={accounts.error.message} onRetry={() => void accounts.refetch()} />
      ) : (
        <DataTable<TStaffAccountRow>
          {...STAFF_TABLE}
          fetching={accounts.isFetching}
          records={records}
          idAccessor="user_id"
          noRecordsText="No staff members match."
          columns={[
            {
              accessor: 'name',
              title: 'Name',
              render: (s) => (
                <>
                  <span style={{ overflowWrap: 'anywhere' }}>{s.name}</span>
                  <Text size="xs" c="gray.7" hiddenFrom="sm">
                    {STAFF_ROLE_LABELS[s.role]}
                  </Text>
                </>
              ),
            },
            {
              accessor: 'email',
              title: 'E-mail',
              render: (s) => <span style={{ overflowWrap: 'anywhere' }}>{s.email}</span>,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'role',
              title: 'Role',
              render: (s) => STAFF_ROLE_LABELS[s.role],
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'status',
              title: 'Status',
              noWrap: true,
              render: (s) =>
                s.status === 0 ? (
                  <Badge color="red.9" variant="outline" size="sm" miw="max-content">
                    Disabled
                  </Badge>
                ) : s.has_password ? (
                  <Badge color="teal.9" variant="outline" size="sm" miw="max-content">
                    Active
                  </Badge>
                ) : (
                  <Badge color="grape.9" variant="outline" size="sm" miw="max-content">
                    Invited
                  </Badge>
                ),
            },
            {
              accessor: 'sponsors',
              title: 'Sponsors',
              render: (s) => (s.role === 'rep' ? s.sponsors : '—'),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'last_login_at',
              title: 'Last sign-in',
              render: (s) => (s.last_login_at ? when.format(new Date(s.last_login_at)) : 'Never'),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'actions',
              title: <span className="visually-hidden">Actions</span>,
              textAlign: 'right',
              noWrap: true,
              render: (s) =>
                s.user_id === myUserId ? (
                  <Text size="sm" c="gray.7">
                    You
                  </Text>
                ) : (
                  <Group gap="xs" justify="flex-end" wrap={wide ? 'nowrap' : 'wrap'} preventGrowOverflow={false}>
                    {!s.has_password && s.status === 1 && (
                      <Button
                        size="xs"
                        miw="max-content"
                        variant="default"
                        loading={resend.isPending && resend.variables === s.user_id}
                        onClick={() => resend.mutate(s.user_id, { onSuccess: (out) => toastSuccess(out.message) })}
                        aria-label={`Resend invitation to ${s.name}`}
                      >
                        {wide ? 'Resend invitation' : 'Resend'}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      miw="max-content"
                      variant="outline"
                      color={s.status === 1 ? 'red.9' : 'teal.9'}
                      onClick={() => setConfirming(s)}
                      aria-label={`${s.status === 1 ? 'Disable' : 'Enable'} ${s.name}`}
                    >
                      {s.status === 1 ? 'Disable' : 'Enable'}
                    </Button>
                  </Group>
                ),
            },
          ]}
        />
      )}
      <StatusConfirm member={confirming} onClose={() => setConfirming(null)} />
      <Modal opened={creating} onClose={close} title="New staff member" closeButtonProps={{ 'aria-label': 'Close' }}>
        <StaffForm
          onCancel={close}
          onSubmit={async (values) => {
            const out = await create.mutateAsync(values);
            toastSuccess(out.message);
            close();
          }}
        />
      </Modal>
    </Stack>
  );
}
