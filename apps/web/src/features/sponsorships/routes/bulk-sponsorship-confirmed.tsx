import { BulkPaymentResult } from '../components/bulk-payment-result.tsx';

/** /bulksponsorship-confirmed/{key}: the bulk payment's result, as the server recorded it. */
export default function BulkSponsorshipConfirmed() {
  return <BulkPaymentResult via="success" />;
}
