import { centsToDecimal, formatMoney } from '@portal/contracts/money';
import type { TWirePriceRow } from '@portal/contracts/orders';
import type { PriceRow } from '../../db/schema/orders.ts';
import type { CostSheet } from './price-order.ts';

/**
 * A price row as the wire carries it (spec §3): decimal dollar strings, 'TBA' where the
 * price comes later, and no unit price on a total (the Subtotal row).
 */
export function toWireRow(row: PriceRow): TWirePriceRow {
  if (row.amount === null) return { name: row.name, qty: row.qty, unit_price: 'TBA', amount: 'TBA' };
  const unit = row.unit_price === null ? '' : centsToDecimal(row.unit_price);
  return { name: row.name, qty: row.qty, unit_price: unit, amount: centsToDecimal(row.amount) };
}

export function wirePricing(rows: PriceRow[], totalCents: number, hasTax: boolean) {
  return {
    custom_price: rows.map(toWireRow),
    total_amount: centsToDecimal(totalCents),
    total_amount_html: formatMoney(totalCents),
    has_tax: hasTax,
  };
}

/** The cost sheet under the spec's names (plannerPrice, coverPrice_1 …), as decimal dollars. */
export function wireCosts(costs: CostSheet): Record<string, string> {
  return {
    plannerPrice: centsToDecimal(costs.plannerPrice),
    custPagePrice: centsToDecimal(costs.custPagePrice),
    vinylPrice: centsToDecimal(costs.vinylPrice),
    coverPrice_1: centsToDecimal(costs.coverPrice[1]),
    coverPrice_2: centsToDecimal(costs.coverPrice[2]),
    coverPrice_3: centsToDecimal(costs.coverPrice[3]),
    deliveryPrice_1: centsToDecimal(costs.deliveryPrice[1]),
    deliveryPrice_2: centsToDecimal(costs.deliveryPrice[2]),
    deliveryPrice_3: 'TBA',
    carMagnetPrice_250: centsToDecimal(costs.carMagnetPrice[250]),
    carMagnetPrice_500: centsToDecimal(costs.carMagnetPrice[500]),
    carMagnetPrice_1000: centsToDecimal(costs.carMagnetPrice[1000]),
  };
}
