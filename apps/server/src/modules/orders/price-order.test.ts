import { centsToDecimal } from '@portal/contracts/money';
import { describe, expect, it } from 'vitest';
import { type CostSheet, type PricedChoices, priceOrder } from './price-order.ts';

/** Prices chosen so that every row's arithmetic shows in the total. */
const COSTS: CostSheet = {
  plannerPrice: 450,
  custPagePrice: 7,
  vinylPrice: 35,
  coverPrice: { 1: 0, 2: 25, 3: 60 },
  deliveryPrice: { 1: 2500, 2: 15, 3: 999 },
  carMagnetPrice: { 250: 12_500, 500: 22_000, 1000: 40_000 },
};

const planners = { noprimary_planners: 100, nostandard_planners: 50, no8511_planners: 30, no69_planners: 20 };
const rowsOf = (choices: PricedChoices) => priceOrder(choices, COSTS).rows;
const named = (choices: PricedChoices, name: string) => rowsOf(choices).find((r) => r.name === name);

describe('priceOrder (D10)', () => {
  it('prices the planners of all four kinds together: P × plannerPrice', () => {
    expect(named(planners, 'Planners')).toEqual({ name: 'Planners', qty: 200, unit_price: 450, amount: 90_000 });
  });

  it('prices custom pages per printed side for every planner, only when chosen', () => {
    expect(named({ ...planners, cust_pages: 1, nocust_pages: 4 }, 'Custom pages (printed sides)')).toEqual({
      name: 'Custom pages (printed sides)',
      qty: 800,
      unit_price: 7,
      amount: 5600,
    });
    expect(named({ ...planners, cust_pages: 2, nocust_pages: 4 }, 'Custom pages (printed sides)')).toBeUndefined();
  });

  it('prices vinyl pockets per pocket for every planner, only when chosen', () => {
    expect(named({ ...planners, vinyl_pockets: 1, novinyl_pockets: 2 }, 'Vinyl pockets')).toEqual({
      name: 'Vinyl pockets',
      qty: 400,
      unit_price: 35,
      amount: 14_000,
    });
    expect(named({ ...planners, vinyl_pockets: 2, novinyl_pockets: 2 }, 'Vinyl pockets')).toBeUndefined();
  });

  it.each([
    [1, 'Standard cover', 0],
    [2, 'School name on the standard cover', 25],
    [3, 'Custom cover', 60],
  ])('prices cover option %i per planner', (cover_optn, name, unit) => {
    expect(named({ ...planners, cover_optn }, name)).toEqual({ name, qty: 200, unit_price: unit, amount: 200 * unit });
  });

  it('charges pickup once, delivery to the school per planner, and a reorder as TBA that adds nothing', () => {
    expect(named({ ...planners, delivery_optn: 1 }, 'Pickup at our Tampa warehouse')).toEqual({
      name: 'Pickup at our Tampa warehouse',
      qty: 1,
      unit_price: 2500,
      amount: 2500,
    });
    expect(named({ ...planners, delivery_optn: 2 }, 'Delivery to the school')).toEqual({
      name: 'Delivery to the school',
      qty: 200,
      unit_price: 15,
      amount: 3000,
    });
    const reorder = priceOrder({ ...planners, delivery_optn: 3 }, COSTS);
    expect(reorder.rows.find((r) => r.name === 'Reorder during the school year')).toEqual({
      name: 'Reorder during the school year',
      qty: 200,
      unit_price: null,
      amount: null,
    });
    expect(reorder.subtotal).toBe(90_000);
  });

  it.each([
    [250, 12_500],
    [500, 22_000],
    [1000, 40_000],
  ])('charges a pack of %i car magnets once, only when added', (ss_car_mag, price) => {
    expect(named({ ss_car_mag_add: 1, ss_car_mag }, `Car magnets (${ss_car_mag})`)).toEqual({
      name: `Car magnets (${ss_car_mag})`,
      qty: 1,
      unit_price: price,
      amount: price,
    });
    expect(named({ ss_car_mag_add: 2, ss_car_mag }, `Car magnets (${ss_car_mag})`)).toBeUndefined();
  });

  it('lists every free sponsored item with its quantity at no cost', () => {
    const { rows, subtotal } = priceOrder(
      {
        nocar_dismissal: 150,
        nohomework_folders: 500,
        nocar_rider: 50,
        nobus_rider: 100,
        noafter_school: 200,
        nowalker_biker: 250,
      },
      COSTS,
    );
    expect(rows.map((r) => [r.name, r.qty, r.amount])).toEqual([
      ['Car rider dismissal tags (free)', 150, 0],
      ['Homework folders (free)', 500, 0],
      ['Car rider tags (free)', 50, 0],
      ['Bus rider tags (free)', 100, 0],
      ['After school tags (free)', 200, 0],
      ['Walker/biker tags (free)', 250, 0],
      ['Subtotal', 0, 0],
    ]);
    expect(subtotal).toBe(0);
  });

  it('adds every row into the subtotal, then the tax staff added into the total', () => {
    const choices: PricedChoices = {
      ...planners,
      cust_pages: 1,
      nocust_pages: 4,
      vinyl_pockets: 1,
      novinyl_pockets: 2,
      cover_optn: 3,
      delivery_optn: 2,
      ss_car_mag_add: 1,
      ss_car_mag: 500,
      nocar_dismissal: 100,
    };
    // 90,000 + 5,600 + 14,000 + 12,000 + 3,000 + 22,000 = 146,600
    const untaxed = priceOrder(choices, COSTS);
    expect(untaxed.subtotal).toBe(146_600);
    expect(untaxed.tax).toBe(0);
    expect(untaxed.total).toBe(146_600);
    expect(untaxed.rows.at(-1)).toEqual({ name: 'Subtotal', qty: 0, unit_price: null, amount: 146_600 });

    const taxed = priceOrder(choices, COSTS, {
      has_tax: true,
      tax_cents: 10_262,
      tax_rate_bp: null,
      tax_basis_cents: 146_600,
    });
    expect(taxed.subtotal).toBe(146_600);
    expect(taxed.total).toBe(156_862);
    expect(centsToDecimal(taxed.total)).toBe('1568.62');

    // A rate follows the subtotal: 7% of $1,466.00, and of the order doubled.
    const rated = { has_tax: true, tax_cents: 0, tax_rate_bp: 700, tax_basis_cents: null };
    expect(priceOrder(choices, COSTS, rated)).toMatchObject({ tax: 10_262, total: 156_862 });
    const doubled = priceOrder({ ...choices, noprimary_planners: 200 }, COSTS, rated);
    expect(doubled.tax).toBe(Math.round(doubled.subtotal * 0.07));
    expect(doubled.taxed).toMatchObject({ has_tax: true, tax_rate_bp: 700, tax_basis_cents: doubled.subtotal });

    // An amount holds for the subtotal it was set on only: another one puts it back to be added.
    const amount = { has_tax: true, tax_cents: 10_262, tax_rate_bp: null, tax_basis_cents: 146_600 };
    expect(priceOrder({ ...choices, noprimary_planners: 200 }, COSTS, amount)).toMatchObject({
      tax: 0,
      taxed: { has_tax: false, tax_cents: 0, tax_rate_bp: null, tax_basis_cents: null },
    });
  });

  it('prices the planner extras only when planners are ordered, and a half-filled draft as far as it goes', () => {
    expect(rowsOf({ cust_pages: 1, nocust_pages: 4, cover_optn: 2, delivery_optn: 2 })).toEqual([
      { name: 'Subtotal', qty: 0, unit_price: null, amount: 0 },
    ]);
    expect(rowsOf({ noprimary_planners: 10, cust_pages: 1 }).map((r) => r.name)).toEqual(['Planners', 'Subtotal']);
  });

  it('ignores counts that are not positive whole numbers', () => {
    const { subtotal } = priceOrder(
      { noprimary_planners: -5, nostandard_planners: 2.5, no8511_planners: null, no69_planners: 10 },
      COSTS,
    );
    expect(subtotal).toBe(4500);
  });
});

describe('centsToDecimal', () => {
  it('writes cents as decimal dollars with two places', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(450)).toBe('4.50');
    expect(centsToDecimal(123_450)).toBe('1234.50');
    expect(centsToDecimal(-1999)).toBe('-19.99');
  });
});
