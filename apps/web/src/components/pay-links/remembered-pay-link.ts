import { routePath } from '@portal/contracts/routes';

/** What a link pays: its page and the tab's note of it are kept apart by kind. */
export type PayLinkKind = 'sponsorship' | 'order';

const storageKey = (kind: PayLinkKind) => `payLink.${kind}`;

/**
 * Notes, in this tab only, the link whose Pay Now was pressed, so that the result page the
 * gateway sends the payer back to can offer Pay Now again: the server keeps only the link
 * key's hash and cannot give it back (decision 029). A browser that keeps nothing (private
 * modes) simply gets no Pay Now there.
 */
export function rememberPayLink(kind: PayLinkKind, linkKey: string): void {
  try {
    sessionStorage.setItem(storageKey(kind), linkKey);
  } catch {
    // Storage refused: the result page tells the payer to open the e-mailed link again.
  }
}

/** The page of the link this tab last paid from, or undefined. */
export function rememberedPayLinkPage(kind: PayLinkKind): string | undefined {
  try {
    const key = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(storageKey(kind));
    return key ? routePath(kind === 'order' ? 'orderPay' : 'sponsorshipPay', { key }) : undefined;
  } catch {
    return undefined;
  }
}
