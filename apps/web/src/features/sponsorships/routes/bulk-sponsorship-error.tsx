import { BulkPaymentResult } from '../components/bulk-payment-result.tsx';

/** /bulksponsorship-error/{key}: the bulk payment's result, as the server recorded it. */
export default function BulkSponsorshipError() {
  return <BulkPaymentResult via="cancel" />;
}
