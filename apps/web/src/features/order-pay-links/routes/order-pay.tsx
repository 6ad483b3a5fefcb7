import { useParams } from 'react-router';
import { PayLinkPage } from '../../../components/pay-links/pay-link-page.tsx';
import { useOrderPayLink } from '../api/order-pay-link-calls.ts';
import { OrderPayLinkCard } from '../components/order-pay-link-card.tsx';
import { TEXT } from '../components/texts.ts';

/** /order-pay/{key}: an order's balance paid by the link staff sent, without signing in. */
export default function OrderPay() {
  const { key = '' } = useParams();
  return (
    <PayLinkPage title={TEXT.payTitle} link={useOrderPayLink(key)}>
      {(data) => <OrderPayLinkCard linkKey={key} link={data} />}
    </PayLinkPage>
  );
}
