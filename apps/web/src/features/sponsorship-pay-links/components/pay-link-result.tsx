import type { TSponsorshipPaymentConfirmResponse } from '@portal/contracts/pay-links';
import { routePath } from '@portal/contracts/routes';
import { useParams } from 'react-router';
import { type Outcome, PaymentResult, type ResultLink } from '../../../components/payment-result.tsx';
import { usePayLinkConfirm } from '../api/pay-link-calls.ts';
import { PayLinkContacts } from './pay-link-contacts.tsx';
import { PayLinkFacts } from './pay-link-facts.tsx';
import { TEXT } from './texts.ts';

/** What the payer is told, from the server's reading of the gateway (never from the address). */
function outcomeOf(data: TSponsorshipPaymentConfirmResponse): Outcome {
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
 * sponsorship-payment-confirmed/{key} and sponsorship-payment-error/{key} (spec §2, public):
 * the gateway sends a pay-link payer back to one or the other; both show what the server
 * found the payment to be, and Pay Now leads back to the link while something is left.
 */
export function PayLinkResult({ via }: { via: 'success' | 'cancel' }) {
  const { id = '' } = useParams();
  const confirm = usePayLinkConfirm(id, via);
  const data = confirm.data;
  const outcome = data ? outcomeOf(data) : undefined;
  const payAgain: ResultLink | undefined =
    data && data.left_amount > 0 && outcome?.tone !== 'paid'
      ? { label: TEXT.payNow, to: routePath('sponsorshipPay', { key: data.pay_link_key }) }
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
            { label: TEXT.factSponsorship, value: `#${data.sponsorship_id}` },
            { label: TEXT.factAmount, value: data.amount_html, testId: 'payment-amount' },
            { label: TEXT.factStatus, value: data.sponsorship_status, testId: 'sponsorship-status' },
            { label: TEXT.factLeft, value: data.left_amount_html, testId: 'sponsorship-left' },
          ]}
        />
      )}
    </PaymentResult>
  );
}
