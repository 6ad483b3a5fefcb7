import { PayLinkResult } from '../components/pay-link-result.tsx';

/** /sponsorship-payment-error/{key}: a pay-link payment's result, as the server recorded it. */
export default function SponsorshipPaymentError() {
  return <PayLinkResult via="cancel" />;
}
