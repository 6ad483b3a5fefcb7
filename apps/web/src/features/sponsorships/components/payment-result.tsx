import { routePath } from '@portal/contracts/routes';
import type { ComponentProps } from 'react';
import { PaymentResult as SharedPaymentResult } from '../../../components/payment-result.tsx';
import { TEXT } from './texts.ts';

export type { Outcome, ResultLink, ResultTone } from '../../../components/payment-result.tsx';

type Props = Omit<ComponentProps<typeof SharedPaymentResult>, 'notFound' | 'checking'>;

/** A signed-in sponsor's payment result: an unknown payment leads back to the sponsor's sponsorships. */
export function PaymentResult(props: Props) {
  return (
    <SharedPaymentResult
      {...props}
      checking={TEXT.checking}
      notFound={{
        title: TEXT.resultNotFoundTitle,
        text: TEXT.resultNotFoundText,
        link: { label: TEXT.viewSponsorships, to: routePath('sponsorships') },
      }}
    />
  );
}
