import { describe, expect, it } from 'vitest';
import { compareWithDatabase, type DatabaseState, Ledger } from './ledger.ts';

/** A run's record: one reservation moved on by staff, one paid order, a part payment and a bulk payment of sponsorships. */
function ledger(): Ledger {
  const l = new Ledger();
  Object.assign(l.order('ok-reserved'), {
    answers: { noprimary_planners: '120', agreed: true },
    totalCents: 150_000,
    status: 'Order Placed',
    moves: [{ from: 'Reserved', to: 'Order Placed' }],
    done: true,
  });
  Object.assign(l.order('ok-paid'), {
    answers: { noprimary_planners: '80' },
    totalCents: 99_000,
    status: 'Order Placed',
    paid: true,
  });
  l.payments.set('pay-order', {
    paymentKey: 'pay-order',
    kind: 'order',
    payer: 'school@example.org',
    amountCents: 99_000,
    orderKey: 'ok-paid',
    allocations: [],
  });
  l.payments.set('pay-part', {
    paymentKey: 'pay-part',
    kind: 'sponsorship',
    payer: 'sponsor@example.org',
    amountCents: 2_500,
    allocations: [{ sponsorshipId: 1, cents: 2_500 }],
  });
  l.payments.set('pay-bulk', {
    paymentKey: 'pay-bulk',
    kind: 'bulk',
    payer: 'sponsor@example.org',
    amountCents: 70_000,
    allocations: [
      { sponsorshipId: 1, cents: 27_500 },
      { sponsorshipId: 2, cents: 42_500 },
    ],
  });
  return l;
}

/** What the database holds when everything acknowledged was kept once. */
function database(): DatabaseState {
  return {
    orders: [
      {
        order_key: 'ok-reserved',
        status: 'Order Placed',
        payment_status: 'unpaid',
        total_cents: 150_000,
        custom_fields: { noprimary_planners: 120, agreed: true, tax: 1 },
      },
      {
        order_key: 'ok-paid',
        status: 'Order Placed',
        payment_status: 'paid',
        total_cents: 99_000,
        custom_fields: { noprimary_planners: '80' },
      },
    ],
    payments: [
      { payment_key: 'pay-order', kind: 'order', status: 'succeeded', amount_cents: 99_000, order_key: 'ok-paid' },
      { payment_key: 'pay-part', kind: 'sponsorship', status: 'succeeded', amount_cents: 2_500, order_key: null },
      { payment_key: 'pay-bulk', kind: 'bulk', status: 'succeeded', amount_cents: 70_000, order_key: null },
      { payment_key: 'pay-left', kind: 'sponsorship', status: 'pending', amount_cents: 1_000, order_key: null },
    ],
    allocations: [
      { payment_key: 'pay-part', sponsorship_id: 1, amount_cents: 2_500 },
      { payment_key: 'pay-bulk', sponsorship_id: 1, amount_cents: 27_500 },
      { payment_key: 'pay-bulk', sponsorship_id: 2, amount_cents: 42_500 },
    ],
    sponsorships: [
      { id: 1, total_cents: 30_000, paid_cents: 30_000 },
      { id: 2, total_cents: 42_500, paid_cents: 42_500 },
      { id: 3, total_cents: 50_000, paid_cents: 0 },
    ],
    transactions: [
      { payment_key: 'pay-part', sponsorship_id: 1, amount_cents: 2_500 },
      { payment_key: 'pay-bulk', sponsorship_id: 1, amount_cents: 27_500 },
      { payment_key: 'pay-bulk', sponsorship_id: 2, amount_cents: 42_500 },
    ],
    moves: [{ order_key: 'ok-reserved', from: 'Reserved', to: 'Order Placed' }],
    receipts: [
      { to_address: 'school@example.org', count: 1 },
      { to_address: 'sponsor@example.org', count: 2 },
    ],
    mail: [{ status: 'kept', count: 7 }],
  };
}

describe('compareWithDatabase', () => {
  it('finds nothing when every acknowledged record is there once, and counts what it compared', () => {
    expect(compareWithDatabase(ledger(), database())).toEqual({
      counts: {
        orders: 2,
        'status histories': 2,
        payments: 3,
        sponsorships: 3,
        'sponsorship transactions': 3,
        receipts: 2,
      },
      problems: [],
    });
  });

  it('reports lost, changed and duplicated records, and a sponsorship paid over its total', () => {
    const db = database();
    db.orders[0] = {
      ...(db.orders[0] as DatabaseState['orders'][number]),
      custom_fields: { noprimary_planners: 100, agreed: true },
    };
    db.orders.push({ ...(db.orders[1] as DatabaseState['orders'][number]) });
    db.payments.push({
      payment_key: 'pay-twice',
      kind: 'order',
      status: 'succeeded',
      amount_cents: 99_000,
      order_key: 'ok-reserved',
    });
    db.payments = db.payments.filter((p) => p.payment_key !== 'pay-part');
    db.sponsorships[1] = { id: 2, total_cents: 42_500, paid_cents: 85_000 };
    db.transactions.push({ payment_key: 'pay-bulk', sponsorship_id: 2, amount_cents: 42_500 });
    db.moves.push({ order_key: 'ok-reserved', from: 'Reserved', to: 'Order Placed' });
    db.receipts = [{ to_address: 'sponsor@example.org', count: 3 }];
    db.mail = [
      { status: 'kept', count: 5 },
      { status: 'queued', count: 2 },
    ];

    expect(compareWithDatabase(ledger(), db).problems).toEqual([
      'order ok-reserved: noprimary_planners is 100, last saved "120"',
      'order ok-reserved: staff moves audited [Reserved -> Order Placed, Reserved -> Order Placed], acknowledged [Reserved -> Order Placed]',
      'order ok-paid: 2 rows, expected 1',
      'payment pay-part: 0 rows, expected 1',
      'payment pay-twice: succeeded (99000 cents) but no payer was told so',
      'sponsorship 2: paid 85000 of 42500',
      'sponsorship 2: paid_cents 85000, its succeeded allocations 42500',
      'sponsorship 2: paid_cents 85000, acknowledged 42500',
      'sponsorship 2: 2 confirmed transaction(s) of payment pay-bulk (42500, 42500), expected one of 42500',
      'school@example.org: 0 payment receipt(s) queued, 1 payment(s) acknowledged',
      'sponsor@example.org: 3 payment receipt(s) queued, 2 payment(s) acknowledged',
      '2 e-mail(s) queued in the outbox, not handled by the mail job',
    ]);
  });

  it('leaves out what an error left in doubt, but still refuses a sponsorship paid over its total', () => {
    const l = ledger();
    l.uncertain.set('pay-doubt', 'sponsor@example.org');
    l.uncertainOrders.add('ok-reserved');
    const db = database();
    db.orders[0] = { ...(db.orders[0] as DatabaseState['orders'][number]), status: 'Pending' };
    db.payments.push({
      payment_key: 'pay-doubt',
      kind: 'sponsorship',
      status: 'succeeded',
      amount_cents: 20_000,
      order_key: null,
    });
    db.allocations.push({ payment_key: 'pay-doubt', sponsorship_id: 3, amount_cents: 20_000 });
    db.sponsorships[2] = { id: 3, total_cents: 50_000, paid_cents: 20_000 };
    db.receipts = [
      { to_address: 'school@example.org', count: 1 },
      { to_address: 'sponsor@example.org', count: 3 },
    ];
    expect(compareWithDatabase(l, db).problems).toEqual([]);

    db.sponsorships[2] = { id: 3, total_cents: 10_000, paid_cents: 20_000 };
    db.allocations.at(-1)!.amount_cents = 20_000;
    expect(compareWithDatabase(l, db).problems).toEqual(['sponsorship 3: paid 20000 of 10000']);
  });
});
