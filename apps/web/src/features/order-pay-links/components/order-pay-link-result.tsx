import type { TOrderPaymentConfirmResponse } from '@portal/contracts/pay-links';
import { routePath } from '@portal/contracts/routes';
import { useParams } from 'react-router';
import { type Outcome, PaymentResult, type ResultLink } from '../../../components/payment-result.tsx';
import { PayLinkContacts } from '../../sponsorship-pay-links/components/pay-link-contacts.tsx';
import { PayLinkFacts } from '../../sponsorship-pay-links/components/pay-link-facts.tsx';
import { useOrderPayLinkConfirm } from '../api/order-pay-link-calls.ts';
import { PAYMENT_STATUS_WORDS, TEXT } from './texts.ts';

/** What the payer is told, from the server's reading of the gateway (never from the address). */
function outcomeOf(data: TOrderPaymentConfirmResponse): Outcome {
  if (data.payment_result === 'paid') {
    const text =
      data.left_amount > 0
        ? TEXT.paidLeftText(data.amount_html, data.left_amount_html)
        : TEXT.paidFullText(data.amount_html);
    return { title: TEXT.paidTitle, text, tone: 'paid' };
  }
  if (data.payment_result === 'declined') return { title: TEXT.declinedTitle, text: TEXT.declinedText, tone: 'failed' };
  if (data.payment_result === 'cancelled')
    return { title: TEXT.cancelledTitle, text: TEXT.cancelledText, tone: 'left' };
  return { title: TEXT.pendingTitle, text: TEXT.pendingText, tone: 'left' };
}

/**
 * order-payment-confirmed/{key} and order-payment-error/{key} (public): the gateway sends a
 * pay-link payer back to one or the other; both show what the server found the payment to
 * be, and Pay Now leads back to the link while a balance is left.
 */
export function OrderPayLinkResult({ via }: { via: 'success' | 'cancel' }) {
  const { id = '' } = useParams();
  const confirm = useOrderPayLinkConfirm(id, via);
  const data = confirm.data;
  const outcome = data ? outcomeOf(data) : undefined;
  const payAgain: ResultLink | undefined =
    data && data.left_amount > 0 && outcome?.tone !== 'paid'
      ? { label: TEXT.payNow, to: routePath('orderPay', { key: data.pay_link_key }) }
      : undefined;
  return (
    <PaymentResult
      query={confirm}
      outcome={outcome}
      primary={payAgain}
      secondary={{ label: TEXT.home, to: routePath('home') }}
      checking={TEXT.checking}
      notFound={{
        title: TEXT.resultNotFoundTitle,
        text: TEXT.resultNotFoundText,
        extra: <PayLinkContacts />,
        link: { label: TEXT.home, to: routePath('home') },
      }}
    >
      {data && (
        <PayLinkFacts
          facts={[
            { label: TEXT.factOrder, value: `#${data.order_id}` },
            { label: TEXT.factAmount, value: data.amount_html, testId: 'payment-amount' },
            {
              label: TEXT.factStatus,
              value: PAYMENT_STATUS_WORDS[data.payment_status],
              testId: 'order-payment-status',
            },
            { label: TEXT.factLeft, value: data.left_amount_html, testId: 'order-balance' },
          ]}
        />
      )}
    </PaymentResult>
  );
}
