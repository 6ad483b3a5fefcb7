import { MSG } from '@portal/contracts/messages';
import { badRequest } from '../../../lib/errors.ts';

export interface OrderChange {
  id: number;
  before: number;
  after: number;
}

/**
 * The positions a list's records move to when staff put them in the order `ids`
 * (1, 2, 3… in that order). The list sent must name every record of it exactly once:
 * one added or removed meanwhile by someone else makes it stale, and it is refused.
 */
export function applyOrder(current: { id: number; sort_order: number }[], ids: number[]): OrderChange[] {
  const known = new Map(current.map((row) => [row.id, row.sort_order]));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
    throw badRequest(MSG.orderListMismatch, { ids: MSG.orderListMismatch });
  }
  return ids
    .map((id, index) => ({ id, before: known.get(id) ?? 0, after: index + 1 }))
    .filter((change) => change.before !== change.after);
}
