import { Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import type { SPONSORSHIP_PAYMENT_RESULTS } from '@portal/contracts/sponsorships';
import { type Outcome, PaymentResult, type ResultLink } from '../payment-result.tsx';
import { PayLinkContacts } from './pay-link-contacts.tsx';
import { type PayLinkFact, PayLinkFacts } from './pay-link-facts.tsx';
import { type PayLinkKind, rememberedPayLinkPage } from './remembered-pay-link.ts';
import { PAY_LINK_TEXT as TEXT } from './texts.ts';

/** What every pay-link payment's result says, whatever it paid. */
export interface PayLinkPaymentResult {
  payment_result: (typeof SPONSORSHIP_PAYMENT_RESULTS)[number];
  amount_html: string;
  left_amount: number;
  left_amount_html: string;
}

/** What the payer is told, from the server's reading of the gateway (never from the address). */
function outcomeOf(data: PayLinkPaymentResult, paidFullText: (amount: string) => string): Outcome {
  if (data.payment_result === 'paid') {
    const text =
      data.left_amount > 0
        ? TEXT.paidLeftText(data.amount_html, data.left_amount_html)
        : paidFullText(data.amount_html);
    return { title: TEXT.paidTitle, text, tone: 'paid' };
  }
  if (data.payment_result === 'declined') return { title: TEXT.declinedTitle, text: TEXT.declinedText, tone: 'failed' };
  if (data.payment_result === 'cancelled')
    return { title: TEXT.cancelledTitle, text: TEXT.cancelledText, tone: 'left' };
  return { title: TEXT.pendingTitle, text: TEXT.pendingText, tone: 'left' };
}

interface PayLinkResultProps<T extends PayLinkPaymentResult> {
  /** The server's record of the payment the gateway sent the payer back from (it settles it first). */
  confirm: { data: T | undefined; isError: boolean; error: Error | null; refetch: () => unknown };
  /** Said when the payment paid everything. */
  paidFullText: (amount: string) => string;
  /** What the link pays: Pay Now leads back to the link this tab paid from, while something is left. */
  kind: PayLinkKind;
  facts: (data: T) => PayLinkFact[];
}

/**
 * The pages the gateway sends a pay-link payer back to (confirmed or error, spec §2, public):
 * both show what the server found the payment to be, and Pay Now leads back to the link
 * while something is left, when this tab came from it (the server cannot name the link).
 */
export function PayLinkResult<T extends PayLinkPaymentResult>({
  confirm,
  paidFullText,
  kind,
  facts,
}: PayLinkResultProps<T>) {
  const data = confirm.data;
  const outcome = data ? outcomeOf(data, paidFullText) : undefined;
  const left = data !== undefined && data.left_amount > 0 && outcome?.tone !== 'paid';
  // Read only once the answer is here, which is in the browser (the page is never rendered on the server with it).
  const linkPage = left ? rememberedPayLinkPage(kind) : undefined;
  const payAgain: ResultLink | undefined = linkPage ? { label: TEXT.payNow, to: linkPage } : undefined;
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
      {data && <PayLinkFacts facts={facts(data)} />}
      {left && !linkPage && <Text>{TEXT.payAgainFromMail}</Text>}
    </PaymentResult>
  );
}
