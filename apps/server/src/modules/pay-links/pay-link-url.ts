import { routePath } from '@portal/contracts/routes';
import type { PayLinkKind } from './write-pay-link.ts';

/** The public page a link of a kind opens. */
export function payLinkUrl(publicUrl: string, kind: PayLinkKind, linkKey: string): string {
  return `${publicUrl}${routePath(kind === 'order' ? 'orderPay' : 'sponsorshipPay', { key: linkKey })}`;
}
