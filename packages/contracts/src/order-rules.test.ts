import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  accountBalance,
  awaitsCardPayment,
  balanceDue,
  cancelOption,
  canEditOrder,
  creditCents,
  documentRefusal,
  heldCents,
  invoiceAdjustment,
  invoiceDueAt,
  isPayable,
  lastChangeDay,
  lockMessage,
  lockReason,
  moveRefusal,
  moveRefusalMessage,
  type OrderState,
  openRefusal,
  paymentStatusOf,
  type StaffOrderState,
  staffTransitions,
  statusAfterSave,
} from './order-rules.ts';
import { CANCEL_OPTIONS } from './school-orders.ts';
import { cutoffOf, reservableYears, schoolYearOf } from './school-years.ts';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('school years (D11)', () => {
  it('run from August to July', () => {
    expect(schoolYearOf(day('2026-07-31'))).toBe('2025-2026');
    expect(schoolYearOf(day('2026-08-01'))).toBe('2026-2027');
    expect(schoolYearOf(day('2026-11-23'))).toBe('2026-2027');
  });

  it('offer the current and the next for a reservation', () => {
    expect(reservableYears(day('2026-11-23'))).toEqual(['2026-2027', '2027-2028']);
    expect(reservableYears(day('2027-03-01'))).toEqual(['2026-2027', '2027-2028']);
  });

  it('close a reservation started before 1 May for changes on that day; a later one has no cut-off', () => {
    // 1 May begins at midnight in Tampa: 04:00 UTC in summer time.
    expect(cutoffOf('2027-2028', day('2026-11-23'))?.toISOString()).toBe('2027-05-01T04:00:00.000Z');
    expect(cutoffOf('2027-2028', day('2027-04-30'))?.toISOString()).toBe('2027-05-01T04:00:00.000Z');
    // Started for the year in progress (mid-year), or after the next year's cut-off.
    expect(cutoffOf('2026-2027', day('2026-11-23'))).toBeUndefined();
    expect(cutoffOf('2027-2028', day('2027-05-01'))).toBeUndefined();
    expect(cutoffOf('', day('2026-11-23'))).toBeUndefined();
  });
});

/** A reservation for next school year, started in November, as the school rules read it. */
const reservedOrder: OrderState = {
  status: 'Reserved',
  payment_status: 'unpaid',
  payment_method: 3,
  school_year: '2027-2028',
  total_cents: 120_00,
  received_cents: 0,
  refunded_cents: 0,
  created_at: day('2026-11-26'),
};

describe('the cut-off in Tampa’s time', () => {
  const order = reservedOrder;
  // 23:59 on 30 April and 00:01 on 1 May in Tampa (EDT, UTC−4).
  const lastMinute = new Date('2027-05-01T03:59:00Z');
  const firstMinute = new Date('2027-05-01T04:01:00Z');

  it('lets the school change its reservation until 23:59 on 30 April, as it was told, and not at 00:01 on 1 May', () => {
    expect(lastChangeDay('2027-2028')).toBe('April 30, 2027');
    expect(canEditOrder(order, lastMinute)).toBe(true);
    expect(cancelOption(order, lastMinute)).toBe(CANCEL_OPTIONS.direct);
    expect(lockReason(order, firstMinute)).toBe('cutoff');
    // 8 pm on 30 April in Tampa is already 1 May in UTC: still open.
    expect(canEditOrder(order, new Date('2027-05-01T00:00:00Z'))).toBe(true);
  });

  it('starts the school year on 1 August in Tampa', () => {
    expect(schoolYearOf(new Date('2027-08-01T03:30:00Z'))).toBe('2026-2027');
    expect(schoolYearOf(new Date('2027-08-01T04:30:00Z'))).toBe('2027-2028');
  });
});

describe('canEditOrder and cancelOption (D12)', () => {
  const reserved = reservedOrder;
  const cardPlaced: OrderState = { ...reserved, status: 'Order Placed', payment_method: 2 };

  it('allows a Pending or Reserved unpaid order before the cut-off', () => {
    expect(canEditOrder(reserved, day('2027-04-30'))).toBe(true);
    expect(canEditOrder({ ...reserved, status: 'Pending', school_year: '' }, day('2027-06-01'))).toBe(true);
    expect(cancelOption(reserved, day('2027-04-30'))).toBe(CANCEL_OPTIONS.direct);
  });

  it('keeps an order placed for a card payment that has not succeeded the school’s', () => {
    expect(canEditOrder(cardPlaced, day('2026-12-01'))).toBe(true);
    expect(cancelOption(cardPlaced, day('2026-12-01'))).toBe(CANCEL_OPTIONS.direct);
    expect(lockReason({ ...cardPlaced, payment_status: 'paid', received_cents: 120_00 }, day('2026-12-01'))).toBe(
      'paid',
    );
  });

  it('takes a partly paid order out of the school’s hands: money received locks what it paid for', () => {
    const partlyPaid = { ...cardPlaced, received_cents: 50_00 };
    expect(lockReason(partlyPaid, day('2026-12-01'))).toBe('part-paid');
    expect(cancelOption(partlyPaid, day('2026-12-01'))).toBe(CANCEL_OPTIONS.contact);
    expect(lockMessage('part-paid', '2027-2028')).toBe(MSG.orderLockedPartlyPaid);
  });

  it('has no cut-off for an order of the school year in progress', () => {
    const midYear = { ...reserved, school_year: '2026-2027' };
    expect(canEditOrder(midYear, day('2026-11-26'))).toBe(true);
    expect(canEditOrder(midYear, day('2027-05-02'))).toBe(true);
    expect(canEditOrder({ ...cardPlaced, school_year: '2026-2027' }, day('2027-05-02'))).toBe(true);
  });

  it('keeps a reservation closed once past its cut-off, also when its year has begun', () => {
    expect(canEditOrder(reserved, day('2027-09-15'))).toBe(false);
    expect(lockReason(cardPlaced, day('2027-05-01'))).toBe('cutoff');
  });

  it('refuses, giving the one real reason, from the cut-off on, once paid, placed otherwise, or cancelled', () => {
    const today = day('2026-12-01');
    expect(lockReason(reserved, day('2027-05-01'))).toBe('cutoff');
    expect(lockReason({ ...reserved, payment_status: 'paid' }, today)).toBe('paid');
    expect(lockReason({ ...reserved, status: 'Order Placed', payment_method: 1 }, today)).toBe('placed');
    expect(lockReason({ ...reserved, status: 'Order Placed', payment_method: 4 }, today)).toBe('placed');
    expect(lockReason({ ...reserved, status: 'Cancelled' }, today)).toBe('cancelled');
    expect(cancelOption({ ...reserved, status: 'Cancelled' }, today)).toBe(CANCEL_OPTIONS.none);
    expect(cancelOption({ ...reserved, payment_status: 'paid' }, today)).toBe(CANCEL_OPTIONS.contact);
    expect(cancelOption({ ...reserved, status: 'Delivered', payment_method: 1 }, today)).toBe(CANCEL_OPTIONS.none);
    expect(lockMessage('cutoff', '2027-2028')).toBe(
      'Reservations for 2027-2028 could be changed and cancelled until April 30, 2027: only our team can change this one now.',
    );
    expect(lockMessage('placed', '2027-2028')).not.toMatch(/May/);
  });
});

describe('isPayable (D13)', () => {
  const placed = {
    status: 'Order Placed' as const,
    payment_method: 2,
    payment_status: 'unpaid' as const,
    total_cents: 500,
    received_cents: 0,
    refunded_cents: 0,
  };

  it('is an order finalized to be invoiced or paid now, unpaid, with an amount', () => {
    expect(isPayable(placed)).toBe(true);
    expect(isPayable({ ...placed, payment_method: 1 })).toBe(true);
    expect(isPayable({ ...placed, payment_method: 4 })).toBe(false);
    expect(isPayable({ ...placed, status: 'Reserved' })).toBe(false);
    expect(isPayable({ ...placed, payment_status: 'paid', received_cents: 500 })).toBe(false);
    expect(isPayable({ ...placed, total_cents: 0 })).toBe(false);
    expect(awaitsCardPayment(placed)).toBe(true);
    expect(awaitsCardPayment({ ...placed, payment_method: 1 })).toBe(false);
  });

  it('is an order invoiced once placed, however it was to be paid, while a balance is due', () => {
    const invoiced = { ...placed, payment_method: 4, invoice_number: 12 };
    expect(isPayable(invoiced)).toBe(true);
    expect(isPayable({ ...invoiced, status: 'Delivered' })).toBe(true);
    expect(isPayable({ ...invoiced, status: 'Reserved' })).toBe(false);
    expect(isPayable({ ...invoiced, invoice_number: null })).toBe(false);
    expect(isPayable({ ...invoiced, received_cents: 500 })).toBe(false);
    expect(isPayable({ ...invoiced, received_cents: 499 })).toBe(true);
    expect(awaitsCardPayment(invoiced)).toBe(false);
  });
});

describe('the order’s account', () => {
  const order = { payment_status: 'unpaid' as const, total_cents: 10_000, received_cents: 0, refunded_cents: 0 };

  it('owes the total less what was received, never below 0, and nothing once refunded', () => {
    expect(balanceDue(order)).toBe(10_000);
    expect(balanceDue({ ...order, received_cents: 7_550 })).toBe(2_450);
    expect(balanceDue({ ...order, received_cents: 12_000 })).toBe(0);
    expect(balanceDue({ ...order, payment_status: 'refunded' })).toBe(0);
  });

  it('keeps what was paid beyond the total as the school’s credit, a negative balance', () => {
    expect(accountBalance({ ...order, received_cents: 12_000 })).toBe(-2_000);
    expect(creditCents({ ...order, received_cents: 12_000 })).toBe(2_000);
    expect(creditCents({ ...order, received_cents: 7_550 })).toBe(0);
  });

  it('reads paid only when money received covers the total with tax', () => {
    expect(paymentStatusOf(order)).toBe('unpaid');
    expect(paymentStatusOf({ ...order, received_cents: 3_250 })).toBe('unpaid');
    expect(paymentStatusOf({ ...order, received_cents: 10_000 })).toBe('paid');
    expect(paymentStatusOf({ ...order, received_cents: 10_001 })).toBe('paid');
    // A paid order whose tax raised its total is owed the difference again.
    expect(paymentStatusOf({ ...order, payment_status: 'paid', total_cents: 11_250, received_cents: 10_000 })).toBe(
      'unpaid',
    );
    // Nothing paid on a free order is not a paid order.
    expect(paymentStatusOf({ ...order, total_cents: 0 })).toBe('unpaid');
    expect(paymentStatusOf({ ...order, payment_status: 'refunded', received_cents: 10_000 })).toBe('refunded');
  });

  it('counts a refund back into the balance: total − received + refunded', () => {
    // Paid 120.00 on a 100.00 order, 20.00 of it refunded: even, and still paid.
    const evened = { ...order, received_cents: 12_000, refunded_cents: 2_000 };
    expect(heldCents(evened)).toBe(10_000);
    expect(accountBalance(evened)).toBe(0);
    expect(creditCents(evened)).toBe(0);
    expect(paymentStatusOf(evened)).toBe('paid');
    // A refund of part of what a paid order needed leaves it owed again.
    const shortened = { ...order, payment_status: 'paid' as const, received_cents: 10_000, refunded_cents: 1 };
    expect(balanceDue(shortened)).toBe(1);
    expect(paymentStatusOf(shortened)).toBe('unpaid');
    // Everything refunded: what it costs is owed again.
    expect(accountBalance({ ...order, received_cents: 10_000, refunded_cents: 10_000 })).toBe(10_000);
  });
});

describe('statusAfterSave (spec §4)', () => {
  it('places on Finalize, reserves otherwise, and keeps an order placed for payment placed', () => {
    expect(statusAfterSave('Pending', true, 2)).toBe('Order Placed');
    expect(statusAfterSave('Pending', false, 3)).toBe('Reserved');
    expect(statusAfterSave('Order Placed', false, 2)).toBe('Order Placed');
    expect(statusAfterSave('Order Placed', false, 3)).toBe('Reserved');
  });
});

describe('documentRefusal', () => {
  it('makes a quote unless cancelled, an invoice once reserved', () => {
    expect(documentRefusal({ status: 'Pending' }, 'quote')).toBeUndefined();
    expect(documentRefusal({ status: 'Pending' }, 'invoice')).toBe('not-reserved');
    expect(documentRefusal({ status: 'Reserved' }, 'invoice')).toBeUndefined();
    expect(documentRefusal({ status: 'Cancelled' }, 'quote')).toBe('cancelled');
  });

  it('after the first invoice: the difference when the amount rose, a credit note when it fell or the order was cancelled', () => {
    const placed = { status: 'Order Placed' as const, total_cents: 120_00 };
    expect(documentRefusal({ ...placed, invoiced_cents: null }, 'difference')).toBe('not-invoiced');
    expect(documentRefusal({ ...placed, invoiced_cents: null }, 'credit-note')).toBe('not-invoiced');
    expect(documentRefusal({ ...placed, invoiced_cents: 100_00 }, 'difference')).toBeUndefined();
    expect(documentRefusal({ ...placed, invoiced_cents: 100_00 }, 'credit-note')).toBe('no-decrease');
    expect(documentRefusal({ ...placed, invoiced_cents: 120_00 }, 'difference')).toBe('no-increase');
    expect(documentRefusal({ ...placed, invoiced_cents: 130_00 }, 'credit-note')).toBeUndefined();
    expect(
      documentRefusal({ status: 'Cancelled', total_cents: 120_00, invoiced_cents: 120_00 }, 'credit-note'),
    ).toBeUndefined();
    expect(documentRefusal({ status: 'Cancelled', total_cents: 120_00, invoiced_cents: 100_00 }, 'difference')).toBe(
      'cancelled',
    );
    expect(invoiceAdjustment({ ...placed, invoiced_cents: 100_00 })).toBe('difference');
    expect(invoiceAdjustment({ ...placed, invoiced_cents: 130_00 })).toBe('credit-note');
    expect(invoiceAdjustment({ ...placed, invoiced_cents: 120_00 })).toBeUndefined();
  });
});

describe('openRefusal and invoiceDueAt: invoices are issued, never made by reading them', () => {
  it('opens a quote unless cancelled, the invoice only once it was issued', () => {
    expect(openRefusal({ status: 'Pending', invoice_number: null }, 'quote')).toBeUndefined();
    expect(openRefusal({ status: 'Reserved', invoice_number: null }, 'invoice')).toBe('not-invoiced');
    expect(openRefusal({ status: 'Delivered', invoice_number: 12 }, 'invoice')).toBeUndefined();
    expect(openRefusal({ status: 'Cancelled', invoice_number: 12 }, 'invoice')).toBe('cancelled');
  });

  it('issues the first invoice at placement to be invoiced now, or at delivery while something is owed', () => {
    const order = {
      status: 'Order Placed' as const,
      payment_method: 1,
      payment_status: 'unpaid' as const,
      total_cents: 500_00,
      received_cents: 0,
      refunded_cents: 0,
      invoice_number: null,
    };
    expect(invoiceDueAt(order, 'placed')).toBe(true);
    expect(invoiceDueAt({ ...order, payment_method: 2 }, 'placed')).toBe(false);
    expect(invoiceDueAt({ ...order, payment_method: 4 }, 'placed')).toBe(false);
    expect(invoiceDueAt({ ...order, invoice_number: 7 }, 'placed')).toBe(false);
    expect(invoiceDueAt({ ...order, total_cents: 0 }, 'placed')).toBe(false);
    const delivered = { ...order, status: 'Delivered' as const };
    for (const method of [0, 1, 2, 3, 4])
      expect(invoiceDueAt({ ...delivered, payment_method: method }, 'delivered')).toBe(true);
    expect(invoiceDueAt({ ...delivered, received_cents: 200_00 }, 'delivered')).toBe(true);
    expect(
      invoiceDueAt({ ...delivered, payment_method: 2, payment_status: 'paid', received_cents: 500_00 }, 'delivered'),
    ).toBe(false);
    expect(invoiceDueAt({ ...delivered, invoice_number: 7 }, 'delivered')).toBe(false);
  });
});

describe('staffTransitions and moveRefusal (D15)', () => {
  const order = (over: Partial<StaffOrderState> = {}): StaffOrderState => ({
    status: 'Pending',
    payment_method: 3,
    payment_status: 'unpaid',
    total_cents: 120_00,
    received_cents: 0,
    refunded_cents: 0,
    delivery_optn: 2,
    ...over,
  });

  it('move an order forward one step, and cancel it until it is delivered', () => {
    expect(staffTransitions(order())).toEqual(['Reserved', 'Order Placed', 'Cancelled']);
    expect(staffTransitions(order({ status: 'Reserved' }))).toEqual(['Order Placed', 'Cancelled']);
    expect(staffTransitions(order({ status: 'Order Placed', payment_method: 1 }))).toEqual([
      'In production',
      'Cancelled',
    ]);
    expect(staffTransitions(order({ status: 'Shipped' }))).toEqual(['Delivered', 'Cancelled']);
    expect(staffTransitions(order({ status: 'Delivered' }))).toEqual([]);
    expect(staffTransitions(order({ status: 'Cancelled' }))).toEqual([]);
  });

  it('ship an order delivered to the school, and make a picked-up one ready for pickup', () => {
    expect(staffTransitions(order({ status: 'In production', delivery_optn: 2 }))).toEqual(['Shipped', 'Cancelled']);
    expect(staffTransitions(order({ status: 'In production', delivery_optn: 1 }))).toEqual([
      'Ready for pickup',
      'Cancelled',
    ]);
    expect(moveRefusal(order({ status: 'In production', delivery_optn: 1 }), 'Shipped')).toBe('wrong-delivery');
  });

  it('refuse a step back or a skipped step, a paid cancellation, and production before a card payment', () => {
    expect(moveRefusal(order({ status: 'Order Placed' }), 'Reserved')).toBe('not-next');
    expect(moveRefusal(order({ status: 'Reserved' }), 'Delivered')).toBe('not-next');
    expect(moveRefusal(order({ status: 'Reserved' }), 'Reserved')).toBe('same');
    expect(moveRefusal(order({ status: 'Delivered' }), 'Cancelled')).toBe('finished');
    expect(moveRefusal(order({ status: 'In production', payment_status: 'paid' }), 'Cancelled')).toBe('paid');
    expect(moveRefusal(order({ status: 'In production', received_cents: 50_00 }), 'Cancelled')).toBe('paid');
    // Once what it received is refunded, nothing of the school's is left on it: it may be cancelled.
    expect(
      moveRefusal(order({ status: 'In production', received_cents: 50_00, refunded_cents: 50_00 }), 'Cancelled'),
    ).toBeUndefined();
    expect(moveRefusal(order({ status: 'Order Placed', payment_method: 2 }), 'In production')).toBe('awaits-card');
    expect(
      moveRefusal(
        order({ status: 'Order Placed', payment_method: 2, payment_status: 'paid', received_cents: 120_00 }),
        'In production',
      ),
    ).toBeUndefined();
  });

  it('keep an order out of production while a proof waits for the school, and say why', () => {
    const placed = order({ status: 'Order Placed', payment_method: 1 });
    expect(staffTransitions({ ...placed, proof_waiting: true })).toEqual(['Cancelled']);
    expect(moveRefusal({ ...placed, proof_waiting: true }, 'In production')).toBe('proof-waiting');
    expect(moveRefusalMessage('proof-waiting')).toBe(MSG.orderMoveProofWaiting);
    expect(moveRefusal({ ...placed, proof_waiting: false }, 'In production')).toBeUndefined();
    expect(moveRefusal({ ...placed, status: 'In production', proof_waiting: true }, 'Shipped')).toBeUndefined();
  });

  it('leave an order invoiced now payable while it is in production, and the school unable to change it', () => {
    const invoiced = {
      ...order({ status: 'In production', payment_method: 1 }),
      school_year: '',
      created_at: day('2026-11-23'),
    };
    expect(isPayable(invoiced)).toBe(true);
    expect(lockReason(invoiced, day('2026-11-23'))).toBe('placed');
  });
});
