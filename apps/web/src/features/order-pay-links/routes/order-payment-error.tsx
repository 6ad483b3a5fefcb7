import { OrderPayLinkResult } from '../components/order-pay-link-result.tsx';

/** /order-payment-error/{key}: an order pay-link payment's result, as the server recorded it. */
export default function OrderPaymentError() {
  return <OrderPayLinkResult via="cancel" />;
}
