import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../lib/change-feed.ts';
import { type OrderToSave, toCostSheet } from './find-school-order.ts';
import { OrderSnapshots } from './order-snapshots.ts';

const snapshot = (orderKey: string, version = '1'): OrderToSave => ({
  order: {
    id: 1,
    order_key: orderKey,
    school_user_id: 7,
    status: 'Pending',
    payment_status: 'unpaid',
    payment_method: null,
    school_year: '2027-2028',
    total_cents: 0,
    received_cents: 0,
    refunded_cents: 0,
    created_at: new Date('2026-11-01T12:00:00Z'),
    has_tax: false,
    tax_cents: 0,
    tax_rate_bp: null,
    tax_basis_cents: null,
    free_tnc_accepted_at: null,
    custom_price: [],
    custom_fields: {},
  },
  costs: toCostSheet(null),
  version,
});

describe('OrderSnapshots', () => {
  it("answers a school's own order only, the latest save's", () => {
    const snapshots = new OrderSnapshots(new ChangeFeed());
    snapshots.set(7, snapshot('a', '1'));
    snapshots.set(7, snapshot('a', '2'));
    expect(snapshots.get(7, 'a')?.version).toBe('2');
    expect(snapshots.get(8, 'a')).toBeUndefined();
    snapshots.delete(7, 'a');
    expect(snapshots.get(7, 'a')).toBeUndefined();
  });

  it('forgets them all when a cost sheet changes', () => {
    const feed = new ChangeFeed();
    const snapshots = new OrderSnapshots(feed);
    snapshots.set(7, snapshot('a'));
    snapshots.set(7, snapshot('b'));
    feed.touch('orders');
    expect(snapshots.size).toBe(2);
    feed.touch('cost_sheets');
    expect(snapshots.size).toBe(0);
  });

  it('keeps at most 10,000 orders, dropping the one saved longest ago', () => {
    const snapshots = new OrderSnapshots(new ChangeFeed());
    for (let i = 0; i < 10_000; i++) snapshots.set(7, snapshot(`k${i}`));
    snapshots.set(7, snapshot('k0'));
    snapshots.set(7, snapshot('new'));
    expect(snapshots.size).toBe(10_000);
    expect(snapshots.get(7, 'k0')).toBeDefined();
    expect(snapshots.get(7, 'k1')).toBeUndefined();
    expect(snapshots.get(7, 'new')).toBeDefined();
  });
});
