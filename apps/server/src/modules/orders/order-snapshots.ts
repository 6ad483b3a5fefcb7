import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { OrderToSave } from './find-school-order.ts';

/** Orders kept at most; beyond it the one saved longest ago goes. */
const MAX_ORDERS = 10_000;

/**
 * What saving the form knew of each school's Pending order after its last save: the order's state,
 * its cost sheet, and the row's version then (PostgreSQL's xmin, which every change of the
 * row renews, whoever makes it). A school saves every few seconds while it types; with
 * this, a save needs no read first.
 *
 * A snapshot is only a guess. The save writes with `xmin = version`, so a row changed by
 * anyone else since (staff, a payment, another server) is not written from it; the save then
 * reads the order afresh and tries once more. A changed cost sheet drops them all.
 */
export class OrderSnapshots {
  #byOrder = new Map<string, OrderToSave>();

  constructor(feed: ChangeFeed) {
    feed.on('cost_sheets', () => this.clear());
  }

  /** Forgets every order: after a cost sheet changed, the server that changed it does not wait for the feed. */
  clear(): void {
    this.#byOrder.clear();
  }

  /** The school's order as it last saved it; the key includes the school, so another school's key finds nothing. */
  get(schoolUserId: number, orderKey: string): OrderToSave | undefined {
    return this.#byOrder.get(`${schoolUserId}:${orderKey}`);
  }

  set(schoolUserId: number, snapshot: OrderToSave): void {
    const key = `${schoolUserId}:${snapshot.order.order_key}`;
    // Kept in the order of their last save: the oldest goes first.
    this.#byOrder.delete(key);
    this.#byOrder.set(key, snapshot);
    if (this.#byOrder.size > MAX_ORDERS) {
      const oldest = this.#byOrder.keys().next().value;
      if (oldest !== undefined) this.#byOrder.delete(oldest);
    }
  }

  delete(schoolUserId: number, orderKey: string): void {
    this.#byOrder.delete(`${schoolUserId}:${orderKey}`);
  }

  get size(): number {
    return this.#byOrder.size;
  }
}
