import { useParams } from 'react-router';
import { PayLinkResult } from '../../../components/pay-links/pay-link-result.tsx';
import { useOrderPayLinkConfirm } from '../api/order-pay-link-calls.ts';
import { PAYMENT_STATUS_WORDS, TEXT } from './texts.ts';

/** order-payment-confirmed/{key} and order-payment-error/{key}: an order pay-link payment's result. */
export function OrderPayLinkResult({ via }: { via: 'success' | 'cancel' }) {
  const { id = '' } = useParams();
  return (
    <PayLinkResult
      confirm={useOrderPayLinkConfirm(id, via)}
      paidFullText={TEXT.paidFullText}
      kind="order"
      facts={(data) => [
        { label: TEXT.factOrder, value: `#${data.order_id}` },
        { label: TEXT.factAmount, value: data.amount_html, testId: 'payment-amount' },
        { label: TEXT.factStatus, value: PAYMENT_STATUS_WORDS[data.payment_status], testId: 'order-payment-status' },
        { label: TEXT.factLeft, value: data.left_amount_html, testId: 'order-balance' },
      ]}
    />
  );
}
