import { Anchor } from '@mantine/core';
import { api } from '../../lib/api-client.ts';

/** The receipt of one payment an order received, downloaded as a PDF from `url` (the school's or the back office's). */
export function ReceiptLink({ paymentId, url }: { paymentId: number; url: string }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      aria-label={`Download the receipt of payment ${paymentId}`}
      onClick={() => void api.download(url, `receipt-${paymentId}.pdf`)}
    >
      Receipt
    </Anchor>
  );
}
