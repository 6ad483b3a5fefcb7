import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import type {
  IssueKind,
  TAdminInvoicePreviewResponse,
  TAdminIssueInvoiceResponse,
  TAdminOrderInvoicesResponse,
  TOrderInvoiceEntry,
} from '@portal/contracts/invoices';
import { formatMoney } from '@portal/contracts/money';
import { documentRefusal, invoiceAdjustment } from '@portal/contracts/order-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OrderInvoicesCard } from '../../../../components/order-view/order-invoices-card.tsx';
import { LoadError } from '../../../../components/page-states.tsx';
import { api } from '../../../../lib/api-client.ts';
import { toastSuccess } from '../../../../lib/toast.tsx';

/** Under the orders' key: a change to the order reads them again. */
const ordersKey = ['account', 'staff', 'orders'] as const;

function useOrderInvoices(id: number) {
  return useQuery({
    queryKey: [...ordersKey, 'invoices', id],
    queryFn: ({ signal }) => api.get<TAdminOrderInvoicesResponse>(`admin/orders/${id}/invoices`, undefined, { signal }),
  });
}

function useInvoicePreview(id: number, kind: IssueKind | null) {
  return useQuery({
    // Apart from the order's own queries: issuing a document reads the order again, never the
    // preview of what was just issued (which the rule then refuses).
    queryKey: ['account', 'staff', 'invoice-preview', id, kind],
    queryFn: ({ signal }) =>
      api.get<TAdminInvoicePreviewResponse>(`admin/orders/${id}/invoices/preview`, { kind: kind ?? '' }, { signal }),
    enabled: kind !== null,
    gcTime: 0,
  });
}

function useIssueInvoice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: IssueKind; amount_cents: number }) =>
      api.post<TAdminIssueInvoiceResponse>(`admin/orders/${id}/invoices`, body),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

const ACTION: Record<IssueKind, { button: string; title: string; confirm: string }> = {
  invoice: { button: 'Issue the invoice', title: 'Issue the invoice?', confirm: 'Issue invoice' },
  difference: {
    button: 'Invoice the difference',
    title: 'Invoice the difference?',
    confirm: 'Issue invoice for the difference',
  },
  'credit-note': { button: 'Credit note', title: 'Issue a credit note?', confirm: 'Issue credit note' },
};

const download = (orderId: number, invoice: TOrderInvoiceEntry) =>
  void api.download(
    `/api/admin/orders/${orderId}/invoices/${invoice.number}`,
    `${invoice.kind === 'credit-note' ? 'credit-note' : 'invoice'}-${invoice.label}.pdf`,
  );

/**
 * The order's invoices and credit notes, kept as issued, and the one staff may issue next
 * (documentRefusal): the first invoice, an invoice for the difference when the order went
 * up, a credit note when it went down. What it will be is shown before it is confirmed.
 */
export function OrderInvoices({ data }: { data: TAdminOrderResponse }) {
  const id = data.order.order_id;
  const invoices = useOrderInvoices(id);
  const [kind, setKind] = useState<IssueKind | null>(null);
  if (invoices.isError) return <LoadError message={invoices.error.message} onRetry={() => void invoices.refetch()} />;
  const state = invoices.data;
  const rule = state && {
    status: state.order_status,
    total_cents: state.total_cents,
    invoiced_cents: state.invoiced_cents,
  };
  const next: IssueKind | undefined = !rule
    ? undefined
    : rule.invoiced_cents === null
      ? documentRefusal(rule, 'invoice') === undefined
        ? 'invoice'
        : undefined
      : invoiceAdjustment(rule);
  return (
    <OrderInvoicesCard invoices={state?.invoices ?? []} onDownload={(invoice) => download(id, invoice)}>
      {state && state.invoiced_cents !== null && state.invoiced_cents !== state.total_cents && (
        <Text size="sm" mt="sm">
          Invoiced so far {formatMoney(state.invoiced_cents)}; the order now comes to{' '}
          {formatMoney(state.order_status === 'Cancelled' ? 0 : state.total_cents)}.
        </Text>
      )}
      <Group gap="xs" mt="sm">
        {next && (
          <Button size="sm" onClick={() => setKind(next)}>
            {ACTION[next].button}
          </Button>
        )}
        {data.order.order_status !== 'Cancelled' && (
          <Button
            variant="default"
            size="sm"
            onClick={() => void api.download(`/api/admin/orders/${id}/document?type=quote`, `quote-order-${id}.pdf`)}
          >
            Download quote
          </Button>
        )}
        <Button
          variant="default"
          size="sm"
          onClick={() => void api.download(`/api/admin/orders/${id}/statement`, `statement-order-${id}.pdf`)}
        >
          Download statement
        </Button>
      </Group>
      <IssueModal orderId={id} kind={kind} onClose={() => setKind(null)} />
    </OrderInvoicesCard>
  );
}

function IssueModal({ orderId, kind, onClose }: { orderId: number; kind: IssueKind | null; onClose: () => void }) {
  const preview = useInvoicePreview(orderId, kind);
  const issue = useIssueInvoice(orderId);
  const seen = preview.data;
  const credit = seen?.document === 'credit-note';
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? ACTION[kind].title : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {preview.isError ? (
        <LoadError message={preview.error.message} onRetry={() => void preview.refetch()} />
      ) : !seen || !kind ? (
        <Text size="sm">Working out what it will be…</Text>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            {kind === 'invoice'
              ? 'The invoice is numbered and kept exactly as it is now: later changes to the order do not alter it.'
              : credit
                ? 'The order now comes to less than was invoiced. A credit note for the decrease is numbered next in the invoices’ sequence.'
                : 'The order now comes to more than was invoiced. An invoice for the increase is numbered next in the invoices’ sequence.'}
          </Text>
          {seen.rows.length > 0 && (
            <Table.ScrollContainer minWidth={300}>
              <Table withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th ta="right">{kind === 'invoice' ? 'Qty' : 'Qty change'}</Table.Th>
                    <Table.Th ta="right">{kind === 'invoice' ? 'Amount' : 'Change'}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {seen.rows.map((row) => (
                    <Table.Tr key={row.name}>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td ta="right">{row.qty.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">
                        {row.amount_cents === null ? 'TBA' : formatMoney(row.amount_cents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Stack gap={2}>
            <Text size="sm">
              {kind === 'invoice' ? 'Subtotal' : 'Subtotal change'}: {formatMoney(seen.subtotal_cents)}
            </Text>
            <Text size="sm">
              {kind === 'invoice' ? 'Tax' : 'Tax change'}: {formatMoney(seen.tax_cents)}
            </Text>
            <Text fw={700}>
              {credit ? 'Credit' : kind === 'invoice' ? 'Total' : 'Difference to invoice'}:{' '}
              {formatMoney(seen.amount_cents)}
            </Text>
            <Text size="sm" c="gray.7">
              Issued today{seen.due_date ? `, due in 30 days (${seen.due_date})` : ''}.
            </Text>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={issue.isPending}
              onClick={() =>
                issue.mutate(
                  { kind, amount_cents: seen.amount_cents },
                  {
                    onSuccess: (out) => {
                      toastSuccess(`${out.message} ${out.invoice.label}`);
                      onClose();
                    },
                  },
                )
              }
            >
              {ACTION[kind].confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
