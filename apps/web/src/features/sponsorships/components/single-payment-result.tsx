import { routePath } from '@portal/contracts/routes';
import type { TSponsorshipConfirmResponse } from '@portal/contracts/sponsorships';
import { useParams } from 'react-router';
import { useSponsorshipConfirm } from '../api/sponsorship-calls.ts';
import { type Outcome, PaymentResult } from './payment-result.tsx';
import { TEXT } from './texts.ts';

/** What the sponsor is told, from the server's reading of the gateway (never from the address). */
function outcomeOf(data: TSponsorshipConfirmResponse): Outcome {
  if (data.sponsorship_status === 'Completed')
    return { title: TEXT.paidTitle, text: TEXT.paidSingleText, tone: 'paid' };
  if (data.payment_result === 'paid') {
    return { title: TEXT.paidTitle, text: TEXT.paidPartText(data.left_amount_html), tone: 'paid' };
  }
  if (data.payment_result === 'declined') return { title: TEXT.declinedTitle, text: TEXT.declinedText, tone: 'failed' };
  if (data.payment_result === 'cancelled')
    return { title: TEXT.cancelledTitle, text: TEXT.cancelledText, tone: 'left' };
  return { title: TEXT.pendingTitle, text: TEXT.pendingText, tone: 'left' };
}

/**
 * sponsorship-confirmed/{key} and sponsorship-error/{key} (spec §2): the gateway sends the
 * sponsor back to one or the other; both show what the server found the payment to be.
 */
export function SinglePaymentResult({ via }: { via: 'success' | 'cancel' }) {
  const { key = '' } = useParams();
  const confirm = useSponsorshipConfirm(key, via);
  const data = confirm.data;
  const outcome = data ? outcomeOf(data) : undefined;
  const details = data ? routePath('sponsorship', { id: data.sponsorship_id }) : '';
  return (
    <PaymentResult
      query={confirm}
      outcome={outcome}
      primary={
        outcome &&
        (outcome.tone === 'paid' ? { label: TEXT.viewSponsorship, to: details } : { label: TEXT.payNow, to: details })
      }
      secondary={{ label: TEXT.viewSponsorships, to: routePath('sponsorships') }}
    />
  );
}
