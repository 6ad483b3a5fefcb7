import { centsToDecimal } from '@portal/contracts/money';
import { routePath } from '@portal/contracts/routes';
import { amountToCents, type TSponsorshipConfirmResponse } from '@portal/contracts/sponsorships';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { goToGateway } from '../../../lib/go-to-gateway.ts';
import { startSponsorshipPayment, useSponsorshipConfirm } from '../api/sponsorship-calls.ts';
import { type Outcome, PaymentResult, type ResultLink } from './payment-result.tsx';
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

/** The attempt's amount again, but never more than is left now. */
export function retryCents(data: Pick<TSponsorshipConfirmResponse, 'amount' | 'left_amount'>): number {
  return Math.min(amountToCents(data.amount) ?? data.left_amount, data.left_amount);
}

/** Pay Now on a payment that did not go through: the same amount again, straight to the gateway (spec §2). */
function usePayAgain(data: TSponsorshipConfirmResponse | undefined) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const payAgain = async () => {
    if (!data || running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const { paymentLink } = await startSponsorshipPayment(data.sponsorship_id, centsToDecimal(retryCents(data)));
      goToGateway(paymentLink);
    } catch {
      // The API client has said why.
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, payAgain };
}

/**
 * sponsorship-confirmed/{key} and sponsorship-error/{key} (spec §2): the gateway sends the
 * sponsor back to one or the other; both show what the server found the payment to be.
 */
export function SinglePaymentResult({ via }: { via: 'success' | 'cancel' }) {
  const { key = '' } = useParams();
  const confirm = useSponsorshipConfirm(key, via);
  const data = confirm.data;
  const { busy, payAgain } = usePayAgain(data);
  const outcome = data ? outcomeOf(data) : undefined;
  const details = data ? routePath('sponsorship', { id: data.sponsorship_id }) : '';
  const view: ResultLink = { label: TEXT.viewSponsorship, to: details };
  const canPayAgain = outcome !== undefined && outcome.tone !== 'paid' && data !== undefined && data.left_amount > 0;
  return (
    <PaymentResult
      query={confirm}
      outcome={outcome}
      primary={outcome && (canPayAgain ? { label: TEXT.payNow, onClick: () => void payAgain(), busy } : view)}
      secondary={canPayAgain ? view : { label: TEXT.viewSponsorships, to: routePath('sponsorships') }}
    />
  );
}
