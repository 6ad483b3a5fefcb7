import { SinglePaymentResult } from '../components/single-payment-result.tsx';

/** /sponsorship-confirmed/{key}: the single payment's result, as the server recorded it. */
export default function SponsorshipConfirmed() {
  return <SinglePaymentResult via="success" />;
}
