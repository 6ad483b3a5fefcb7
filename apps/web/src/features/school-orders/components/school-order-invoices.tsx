import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TOrderReceiptEntry } from '@portal/contracts/invoices';
import { formatMoney } from '@portal/contracts/money';
import { IconDownload } from '@tabler/icons-react';
import { OrderInvoicesCard, shownDay } from '../../../components/order-view/order-invoices-card.tsx';
import { ReceiptLink } from '../../../components/order-view/receipt-link.tsx';
import { api } from '../../../lib/api-client.ts';
import { useOrderInvoices } from '../api/school-order-calls.ts';

/**
 * The order's invoices and credit notes as they were issued, each to download, its
 * statement of account, and a receipt for each payment it received; nothing while there
 * are neither invoices nor payments.
 */
export function SchoolOrderInvoices({ orderKey }: { orderKey: string }) {
  const answer = useOrderInvoices(orderKey);
  const list = answer.data?.invoices ?? [];
  const receipts = answer.data?.receipts ?? [];
  if (list.length === 0 && receipts.length === 0) return null;
  const key = encodeURIComponent(orderKey);
  return (
    <OrderInvoicesCard
      title="Invoices and payments"
      invoices={list}
      onDownload={(invoice) =>
        void api.download(
          `/api/orderinvoicefile?order_key=${key}&number=${invoice.number}`,
          `${invoice.kind === 'credit-note' ? 'credit-note' : 'invoice'}-${invoice.label}.pdf`,
        )
      }
    >
      <Stack gap="sm" mt="md">
        <Group>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void api.download(`/api/orderstatement?order_key=${key}`, 'statement.pdf')}
          >
            Download statement
          </Button>
          <Text size="sm" c="gray.7">
            Every invoice, credit note, payment and refund of this order, with its balance.
          </Text>
        </Group>
        {receipts.length > 0 && <Receipts orderKey={key} receipts={receipts} />}
      </Stack>
    </OrderInvoicesCard>
  );
}

function Receipts({ orderKey, receipts }: { orderKey: string; receipts: TOrderReceiptEntry[] }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        Payments received
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Received</Table.Th>
              <Table.Th>Paid by</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Receipt</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receipts.map((r) => (
              <Table.Tr key={r.payment_id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{shownDay(r.date)}</Table.Td>
                <Table.Td>{r.method}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(r.amount_cents)}
                  {r.refunded_cents > 0 && (
                    <Text size="xs" c="gray.7" data-testid="receipt-refunded">
                      {formatMoney(r.refunded_cents)} refunded
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <ReceiptLink
                    paymentId={r.payment_id}
                    url={`/api/orderreceipt?order_key=${orderKey}&payment=${r.payment_id}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
