import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@portal/contracts/money';
import { PAYMENT_PROBLEM_LABELS, type TPaymentProblemRow } from '@portal/contracts/payment-problems';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { when } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { usePaymentProblems } from './api.ts';
import { CardDisputes } from './card-disputes.tsx';
import { paidByColumn } from './paid-by.tsx';
import { ResolveProblemForm } from './resolve-problem-form.tsx';

/** Opens the decision on one payment; on a phone it stands in the payment's own cell. */
function DecideButton({
  row,
  onDecide,
  hiddenFrom,
}: {
  row: TPaymentProblemRow;
  onDecide: (row: TPaymentProblemRow) => void;
  hiddenFrom?: 'md';
}) {
  return (
    <Button
      size="xs"
      hiddenFrom={hiddenFrom}
      onClick={() => onDecide(row)}
      aria-label={`Decide payment #${row.payment_id}`}
      style={{ flexShrink: 0, alignSelf: 'flex-start', minWidth: 'max-content' }}
    >
      Decide
    </Button>
  );
}

/**
 * Problem payments (administrators): money a gateway reports as paid that could not be
 * counted as it stood, oldest first, each with who paid, what it pays and what the gateway
 * said; a decision (record, refund, fail) takes it off the list and releases what it held.
 * Below, the card disputes the gateway reported.
 */
export default function PaymentProblemsScreen() {
  usePageMeta({ title: 'Problem payments' });
  const list = usePaymentProblems();
  const [deciding, setDeciding] = useState<TPaymentProblemRow | null>(null);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Problem payments
      </Title>
      <Text size="sm" c="gray.7" maw={720}>
        A payment the gateway took but the portal could not count as it stood: another amount than asked, or more than
        is owed. It holds what it pays until you decide what became of the money.
      </Text>
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<TPaymentProblemRow>
          {...STAFF_TABLE}
          fetching={list.isFetching}
          records={list.data?.rows ?? []}
          idAccessor="payment_id"
          noRecordsText="No payment is waiting for a decision."
          columns={[
            {
              accessor: 'payment_id',
              title: 'Payment',
              render: (r) => (
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    #{r.payment_id}
                  </Text>
                  <Text size="sm" c="red.9">
                    {PAYMENT_PROBLEM_LABELS[r.problem]}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {when.format(new Date(r.started_at))}
                  </Text>
                  <DecideButton row={r} onDecide={setDeciding} hiddenFrom="md" />
                </Stack>
              ),
            },
            paidByColumn<TPaymentProblemRow>(),
            {
              accessor: 'amount_cents',
              title: 'Amount',
              textAlign: 'right',
              render: (r) => (
                <Stack gap={2} align="flex-end">
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(r.gateway_amount_cents ?? r.amount_cents)}
                  </Text>
                  <Text size="xs" c="gray.7">
                    taken, <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.amount_cents)}</span> asked
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'gateway_ref',
              title: 'Gateway reference',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (r) => (
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {r.gateway}: {r.gateway_ref ?? '—'}
                </Text>
              ),
            },
            {
              accessor: 'actions',
              title: '',
              textAlign: 'right',
              noWrap: true,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (r) => <DecideButton row={r} onDecide={setDeciding} />,
            },
          ]}
        />
      )}
      <CardDisputes />
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        title={deciding ? `Payment #${deciding.payment_id}: ${PAYMENT_PROBLEM_LABELS[deciding.problem]}` : ''}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {deciding && <ResolveProblemForm row={deciding} onDone={() => setDeciding(null)} />}
      </Modal>
    </Stack>
  );
}
