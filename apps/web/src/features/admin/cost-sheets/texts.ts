import { COST_SHEET_TEXTS, type CostSheetPrice } from '@portal/contracts/admin-cost-sheets';

/** The words of the cost sheet screens. */

export const COST_SHEETS_ABOUT =
  'The prices of each orderable product’s School Supply Reservation Form. A change applies at once to new orders and to orders still Pending; orders already Reserved or placed keep the prices they were given.';

export const ONLY_ADMINS = 'Only an administrator can change these prices.';

export const REGULAR_PRICE_NOTE = 'The price on the product page is the product’s own: change it with the product.';

/** What a change does to the product's orders. */
export function reachOf(pending: number, kept: number): string {
  const orders = (n: number) => (n === 1 ? '1 order' : `${n.toLocaleString('en-US')} orders`);
  const takers = pending > 0 ? `New orders and the ${orders(pending)} still Pending take` : 'New orders take';
  const keepers =
    kept > 0
      ? `The ${orders(kept)} already Reserved, placed or finished keep the prices they were given.`
      : 'No order has been reserved yet.';
  return `${takers} the new prices. ${keepers}`;
}

const pricesIn = (group: string) => Object.values(COST_SHEET_TEXTS).filter((t) => t.group === group).length;

/** A price's name as staff read it: the choice, after its form section when the section offers several ("Cover: Custom cover …"). */
export function priceName(key: string): string {
  const text = COST_SHEET_TEXTS[key as CostSheetPrice];
  if (!text) return key;
  return pricesIn(text.group) > 1 ? `${text.group}: ${text.label}` : text.label;
}
