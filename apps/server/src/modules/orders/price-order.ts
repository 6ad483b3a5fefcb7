import { NO_TAX, type OrderTax, taxFor } from '@portal/contracts/order-rules';
import type { PriceRow } from '../../db/schema/orders.ts';

/** A product's cost sheet (D10), every price in cents. */
export interface CostSheet {
  plannerPrice: number;
  /** Per printed side. */
  custPagePrice: number;
  vinylPrice: number;
  coverPrice: Record<CoverOption, number>;
  /** 1 pickup, charged once; 2 delivery to school, per planner; 3 reorder, priced later. */
  deliveryPrice: Record<DeliveryOption, number>;
  carMagnetPrice: Record<MagnetPack, number>;
}

export type CoverOption = 1 | 2 | 3;
export type DeliveryOption = 1 | 2 | 3;
export type MagnetPack = 250 | 500 | 1000;

/**
 * What of the reservation form bears on the price. A draft may leave any of it out: what
 * is missing prices as nothing, so that a half-filled form still shows what it has so far.
 */
export interface PricedChoices {
  noprimary_planners?: number | null;
  nostandard_planners?: number | null;
  no8511_planners?: number | null;
  no69_planners?: number | null;
  /** 1 yes, 2 no. */
  cust_pages?: number | null;
  nocust_pages?: number | null;
  vinyl_pockets?: number | null;
  novinyl_pockets?: number | null;
  cover_optn?: number | null;
  delivery_optn?: number | null;
  ss_car_mag_add?: number | null;
  ss_car_mag?: number | null;
  nocar_dismissal?: number | null;
  nohomework_folders?: number | null;
  nocar_rider?: number | null;
  nobus_rider?: number | null;
  noafter_school?: number | null;
  nowalker_biker?: number | null;
}

export interface PricedOrder {
  /** The rows the form and the invoice show, the Subtotal row last. */
  rows: PriceRow[];
  subtotal: number;
  /** The tax in cents, as `taxed` sets it for this subtotal. */
  tax: number;
  /** The order's tax for this subtotal (taxFor): what the write keeps. */
  taxed: OrderTax;
  total: number;
}

export const COVER_NAMES: Record<CoverOption, string> = {
  1: 'Standard cover',
  2: 'School name on the standard cover',
  3: 'Custom cover',
};

/** The free sponsored items (D10): a row each, at no cost. */
export const FREE_ITEMS = [
  ['nocar_dismissal', 'Car rider dismissal tags'],
  ['nohomework_folders', 'Homework folders'],
  ['nocar_rider', 'Car rider tags'],
  ['nobus_rider', 'Bus rider tags'],
  ['noafter_school', 'After school tags'],
  ['nowalker_biker', 'Walker/biker tags'],
] as const satisfies readonly (readonly [keyof PricedChoices, string])[];

const count = (value: number | null | undefined) =>
  Number.isInteger(value) && (value ?? 0) > 0 ? (value as number) : 0;

const row = (name: string, qty: number, unitPrice: number): PriceRow => ({
  name,
  qty,
  unit_price: unitPrice,
  amount: qty * unitPrice,
});

/**
 * The price of a reservation, exactly as product decision D10 sets it, from the product's
 * cost sheet: the one place prices are made. P is the number of planners of all four kinds.
 * Tax is what staff have set (nothing until they do, and nothing for an exempt school), for
 * this subtotal (taxFor: a rate follows it, an amount holds only for the subtotal it was set on).
 */
export function priceOrder(choices: PricedChoices, costs: CostSheet, tax: OrderTax = NO_TAX): PricedOrder {
  const planners =
    count(choices.noprimary_planners) +
    count(choices.nostandard_planners) +
    count(choices.no8511_planners) +
    count(choices.no69_planners);
  const rows: PriceRow[] = [];

  if (planners > 0) {
    rows.push(row('Planners', planners, costs.plannerPrice));
    if (choices.cust_pages === 1 && count(choices.nocust_pages) > 0) {
      rows.push(row('Custom pages (printed sides)', planners * count(choices.nocust_pages), costs.custPagePrice));
    }
    if (choices.vinyl_pockets === 1 && count(choices.novinyl_pockets) > 0) {
      rows.push(row('Vinyl pockets', planners * count(choices.novinyl_pockets), costs.vinylPrice));
    }
    const cover = choices.cover_optn;
    if (cover === 1 || cover === 2 || cover === 3)
      rows.push(row(COVER_NAMES[cover], planners, costs.coverPrice[cover]));
    if (choices.delivery_optn === 1) rows.push(row('Pickup at our Tampa warehouse', 1, costs.deliveryPrice[1]));
    if (choices.delivery_optn === 2) rows.push(row('Delivery to the school', planners, costs.deliveryPrice[2]));
    if (choices.delivery_optn === 3) {
      rows.push({ name: 'Reorder during the school year', qty: planners, unit_price: null, amount: null });
    }
  }

  const pack = choices.ss_car_mag;
  if (choices.ss_car_mag_add === 1 && (pack === 250 || pack === 500 || pack === 1000)) {
    rows.push(row(`Car magnets (${pack})`, 1, costs.carMagnetPrice[pack]));
  }

  for (const [field, name] of FREE_ITEMS) {
    const qty = count(choices[field]);
    if (qty > 0) rows.push(row(`${name} (free)`, qty, 0));
  }

  const subtotal = rows.reduce((sum, r) => sum + (r.amount ?? 0), 0);
  const taxed = taxFor(tax, subtotal);
  rows.push({ name: 'Subtotal', qty: 0, unit_price: null, amount: subtotal });
  return { rows, subtotal, tax: taxed.tax_cents, taxed, total: subtotal + taxed.tax_cents };
}
