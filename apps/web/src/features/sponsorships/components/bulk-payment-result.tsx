import { routePath } from '@portal/contracts/routes';
import type { TBulkSponsorshipConfirmResponse } from '@portal/contracts/sponsorships';
import { useParams } from 'react-router';
import { useBulkSponsorshipConfirm } from '../api/sponsorship-calls.ts';
import { type Outcome, PaymentResult } from './payment-result.tsx';
import { TEXT } from './texts.ts';

function outcomeOf(data: TBulkSponsorshipConfirmResponse): Outcome {
  if (data.payment_status === 1) return { title: TEXT.paidTitle, text: TEXT.paidBulkText, tone: 'paid' };
  if (data.payment_result === 'declined') return { title: TEXT.declinedTitle, text: TEXT.declinedText, tone: 'failed' };
  if (data.payment_result === 'cancelled')
    return { title: TEXT.cancelledTitle, text: TEXT.cancelledText, tone: 'left' };
  return { title: TEXT.pendingTitle, text: TEXT.pendingText, tone: 'left' };
}

/**
 * bulksponsorship-confirmed/{key} and bulksponsorship-error/{key} (spec §2): both show what
 * the server found the bulk payment to be, whichever way the gateway sent the sponsor back.
 */
export function BulkPaymentResult({ via }: { via: 'success' | 'cancel' }) {
  const { key = '' } = useParams();
  const confirm = useBulkSponsorshipConfirm(key, via);
  const outcome = confirm.data ? outcomeOf(confirm.data) : undefined;
  const list = { label: TEXT.viewSponsorships, to: routePath('sponsorships') };
  return (
    <PaymentResult
      query={confirm}
      outcome={outcome}
      primary={outcome && (outcome.tone === 'paid' ? list : { label: TEXT.payNow, to: routePath('sponsorCheckout') })}
      secondary={outcome?.tone === 'paid' ? undefined : list}
    />
  );
}
