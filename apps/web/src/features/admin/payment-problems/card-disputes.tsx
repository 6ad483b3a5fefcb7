import { Badge, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@portal/contracts/money';
import { PAYMENT_DISPUTE_STATUS_LABELS, type TPaymentDisputeRow } from '@portal/contracts/payment-problems';
import { DataTable } from 'mantine-datatable';
import { LoadError } from '../../../components/page-states.tsx';
import { day, when } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { usePaymentDisputes } from './api.ts';
import { paidByColumn } from './paid-by.tsx';

/** What each outcome means for the account, under its badge (an open one says by when to answer). */
const STATUS_NOTES: Record<Exclude<TPaymentDisputeRow['status'], 'open'>, string> = {
  won: 'The money stays.',
  lost: 'Counted as refunded.',
};

const STATUS_COLOURS: Record<TPaymentDisputeRow['status'], string> = { open: 'red.9', won: 'teal.9', lost: 'gray.8' };

/**
 * Card disputes the gateway reported (decision 041): open ones first, each with the date the
 * gateway wants an answer by; the evidence is sent at the gateway's own dashboard. A lost one
 * is already counted as refunded on what the payment paid.
 */
export function CardDisputes() {
  const list = usePaymentDisputes();
  return (
    <Stack gap="sm" id="card-disputes">
      <Title order={2} size="h3">
        Card disputes
      </Title>
      <Text size="sm" c="gray.7" maw={720}>
        A cardholder’s bank is taking a card payment back. While it is open the money still counts as received: answer
        at the payment gateway’s dashboard by the date shown. A lost dispute is counted as refunded on what it paid.
      </Text>
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<TPaymentDisputeRow>
          {...STAFF_TABLE}
          fetching={list.isFetching}
          records={list.data?.disputes ?? []}
          noRecordsText="No card dispute in the last 90 days."
          columns={[
            {
              accessor: 'status',
              title: 'Dispute',
              render: (r) => (
                <Stack gap={2}>
                  <Badge color={STATUS_COLOURS[r.status]} variant="outline" style={{ alignSelf: 'flex-start' }}>
                    {PAYMENT_DISPUTE_STATUS_LABELS[r.status]}
                  </Badge>
                  <Text size="sm">{r.reason}</Text>
                  {r.status === 'open' ? (
                    <Text size="xs" fw={600} c="red.9">
                      {r.respond_by ? `Answer by ${day.format(new Date(r.respond_by))}` : 'Answer at the gateway'}
                    </Text>
                  ) : (
                    <Text size="xs">{STATUS_NOTES[r.status]}</Text>
                  )}
                  <Text size="xs" c="gray.7">
                    Reported {when.format(new Date(r.opened_at))}
                  </Text>
                </Stack>
              ),
            },
            paidByColumn<TPaymentDisputeRow>(),
            {
              accessor: 'amount_cents',
              title: 'Amount',
              textAlign: 'right',
              render: (r) => (
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(r.amount_cents)}
                </Text>
              ),
            },
            {
              accessor: 'gateway_ref',
              title: 'Gateway reference',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (r) => (
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {r.gateway}: {r.gateway_ref} (payment #{r.payment_id})
                </Text>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
