import { OrderPayLinkResult } from '../components/order-pay-link-result.tsx';

/** /order-payment-confirmed/{key}: an order pay-link payment's result, as the server recorded it. */
export default function OrderPaymentConfirmed() {
  return <OrderPayLinkResult via="success" />;
}
