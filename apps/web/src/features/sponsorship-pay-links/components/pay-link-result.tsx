import { useParams } from 'react-router';
import { PayLinkResult as Result } from '../../../components/pay-links/pay-link-result.tsx';
import { usePayLinkConfirm } from '../api/pay-link-calls.ts';
import { TEXT } from './texts.ts';

/** sponsorship-payment-confirmed/{key} and sponsorship-payment-error/{key}: a sponsorship pay-link payment's result. */
export function PayLinkResult({ via }: { via: 'success' | 'cancel' }) {
  const { id = '' } = useParams();
  return (
    <Result
      confirm={usePayLinkConfirm(id, via)}
      paidFullText={TEXT.paidFullText}
      kind="sponsorship"
      facts={(data) => [
        { label: TEXT.factSponsorship, value: `#${data.sponsorship_id}` },
        { label: TEXT.factAmount, value: data.amount_html, testId: 'payment-amount' },
        { label: TEXT.factStatus, value: data.sponsorship_status, testId: 'sponsorship-status' },
        { label: TEXT.factLeft, value: data.left_amount_html, testId: 'sponsorship-left' },
      ]}
    />
  );
}
