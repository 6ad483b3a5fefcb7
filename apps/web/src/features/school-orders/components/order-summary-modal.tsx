import '../../../styles/mantine-forms.css';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import {
  OrderDocumentQuery,
  type OrderDocumentType,
  type TOrderDocumentLinkResponse,
} from '@portal/contracts/school-orders';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';

/** Today in the school's own calendar, as a date input reads it. */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

interface OrderSummaryModalProps {
  opened: boolean;
  onClose: () => void;
  orderKey: string;
  /** The order's invoice has been issued (it is issued by us, never by downloading it). */
  invoiceIssued: boolean;
}

/**
 * Download Order Summary (spec §2): the order's invoice as it was issued, or a quote dated
 * as the school chooses, opened as a PDF in a new tab.
 */
export function OrderSummaryModal({ opened, onClose, orderKey, invoiceIssued }: OrderSummaryModalProps) {
  const [chosen, setType] = useState<OrderDocumentType>();
  const type = chosen ?? (invoiceIssued ? 'invoice' : 'quote');
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string>();

  const open = () => {
    const asked = OrderDocumentQuery.safeParse({
      order_key: orderKey,
      type,
      date: type === 'quote' ? date : undefined,
    });
    if (!asked.success) {
      setError(MSG.validDate);
      return;
    }
    setError(undefined);
    void api
      .openInNewTab(async () => (await api.post<TOrderDocumentLinkResponse>('orderdocumentlink', asked.data)).url)
      .catch(() => {
        // The API client has said why.
      });
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Download Order Summary"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Radio.Group
          label="Document"
          value={type}
          onChange={(value) => setType(value as OrderDocumentType)}
          description={
            invoiceIssued
              ? undefined
              : 'No invoice yet: we issue it when the order is placed to be invoiced now, or once it is delivered.'
          }
        >
          <Group gap="lg" mt={6}>
            <Radio value="invoice" label="Invoice" disabled={!invoiceIssued} />
            <Radio value="quote" label="Quote" />
          </Group>
        </Radio.Group>
        {type === 'quote' ? (
          <TextInput
            type="date"
            label="Date"
            description="The quote holds for 30 days after it."
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={error}
            required
          />
        ) : (
          <Text size="sm">The invoice as we issued it, with its own date; payment is due 30 days after it.</Text>
        )}
        <Text size="sm" c="gray.7">
          The document opens in a new tab, where you can print or save it.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={open}>Open PDF</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
