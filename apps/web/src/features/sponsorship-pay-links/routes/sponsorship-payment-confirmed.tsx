import { PayLinkResult } from '../components/pay-link-result.tsx';

/** /sponsorship-payment-confirmed/{key}: a pay-link payment's result, as the server recorded it. */
export default function SponsorshipPaymentConfirmed() {
  return <PayLinkResult via="success" />;
}
