import { COST_SHEET_PRICES, type CostSheetPrice, type TCostSheetCents } from '@portal/contracts/admin-cost-sheets';
import type { OrderCostSheet } from '../../../db/schema/orders.ts';

/** Each price's column of `cost_sheets`, by the name the form's `costs` gives it (spec §3). */
export const PRICE_COLUMNS: Record<CostSheetPrice, keyof OrderCostSheet> = {
  plannerPrice: 'planner_price',
  custPagePrice: 'cust_page_price',
  vinylPrice: 'vinyl_price',
  coverPrice_1: 'cover_price_1',
  coverPrice_2: 'cover_price_2',
  coverPrice_3: 'cover_price_3',
  deliveryPrice_1: 'delivery_price_1',
  deliveryPrice_2: 'delivery_price_2',
  deliveryPrice_3: 'delivery_price_3',
  carMagnetPrice_250: 'car_magnet_price_250',
  carMagnetPrice_500: 'car_magnet_price_500',
  carMagnetPrice_1000: 'car_magnet_price_1000',
};

/** A sheet's prices in cents under the form's names; a product without a sheet has every price at 0. */
export function pricesOf(sheet: OrderCostSheet | null | undefined): TCostSheetCents {
  return Object.fromEntries(COST_SHEET_PRICES.map((key) => [key, sheet?.[PRICE_COLUMNS[key]] ?? 0])) as TCostSheetCents;
}

/** Prices in cents under the form's names as the columns of `cost_sheets`. */
export function columnsOf(prices: TCostSheetCents): OrderCostSheet {
  return Object.fromEntries(
    COST_SHEET_PRICES.map((key) => [PRICE_COLUMNS[key], prices[key]]),
  ) as unknown as OrderCostSheet;
}
