import { useParams } from 'react-router';
import { PayLinkPage } from '../../../components/pay-links/pay-link-page.tsx';
import { usePayLink } from '../api/pay-link-calls.ts';
import { PayLinkCard } from '../components/pay-link-card.tsx';
import { TEXT } from '../components/texts.ts';

/** /sponsorship-pay/{key}: a sponsorship paid by the link staff sent, without signing in. */
export default function SponsorshipPay() {
  const { key = '' } = useParams();
  return (
    <PayLinkPage title={TEXT.payTitle} link={usePayLink(key)}>
      {(data) => <PayLinkCard linkKey={key} link={data} />}
    </PayLinkPage>
  );
}
