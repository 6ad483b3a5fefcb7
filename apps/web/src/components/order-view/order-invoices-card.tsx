import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import type { TOrderInvoiceEntry } from '@portal/contracts/invoices';
import { formatMoney } from '@portal/contracts/money';
import type { ReactNode } from 'react';

/** A business day (YYYY-MM-DD) as a school reads it: "Dec 3, 2026". */
export const shownDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** What a document is, in a word or two. */
export const invoiceKindLabel = (invoice: TOrderInvoiceEntry) =>
  invoice.kind === 'credit-note' ? 'Credit note' : invoice.adjusts ? 'Invoice (difference)' : 'Invoice';

/**
 * The order's invoices and credit notes as they were issued, each with its number, dates,
 * amount and a download; `children` are what may be done next (the back office's actions).
 */
export function OrderInvoicesCard({
  invoices,
  onDownload,
  children,
  empty = 'No invoice has been issued for this order yet.',
  title = 'Invoices and credit notes',
}: {
  invoices: TOrderInvoiceEntry[];
  onDownload: (invoice: TOrderInvoiceEntry) => void;
  children?: ReactNode;
  empty?: string;
  title?: string;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {invoices.length === 0 ? (
        <Text c="gray.7" size="sm">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Download</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice) => (
                <Table.Tr key={invoice.number}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{invoice.label}</Table.Td>
                  <Table.Td>{invoiceKindLabel(invoice)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{shownDay(invoice.issue_date)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {invoice.due_date ? shownDay(invoice.due_date) : '—'}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {invoice.kind === 'credit-note'
                      ? `−${formatMoney(invoice.amount_cents)}`
                      : formatMoney(invoice.amount_cents)}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => onDownload(invoice)}
                      aria-label={`Download ${invoice.label}`}
                    >
                      Download
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {children}
    </Paper>
  );
}
