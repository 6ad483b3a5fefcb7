import { SinglePaymentResult } from '../components/single-payment-result.tsx';

/** /sponsorship-error/{key}: the single payment's result, as the server recorded it. */
export default function SponsorshipError() {
  return <SinglePaymentResult via="cancel" />;
}
