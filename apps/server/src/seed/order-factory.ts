import { OrderFormFields, type OrderFormValues, type OrderStatus } from '@portal/contracts/orders';
import type { orders } from '../db/schema/index.ts';
import { randomToken } from '../lib/tokens.ts';
import { type CostSheet, priceOrder } from '../modules/orders/price-order.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A form as a school fills it in, read by the same rules the server applies to what it is sent. */
export const orderForm = (values: Record<string, unknown>): OrderFormValues => OrderFormFields.parse(values);

export interface NewOrder {
  schoolUserId: number;
  productId: number;
  costs: CostSheet;
  status: OrderStatus;
  values: OrderFormValues;
  /** When the school started it (and placed it, once placed). */
  at: Date;
  termsAccepted?: boolean;
  delivered?: boolean;
}

/**
 * An order's row as the server would have written it for this form: priced by the server's
 * own rules (priceOrder), with the free items' terms asked for when it has any. The demo's
 * orders and a scaled year's are both made of it; the caller inserts it, one or many at once.
 */
export function orderRow(order: NewOrder): typeof orders.$inferInsert {
  const { values, at } = order;
  const priced = priceOrder(values, order.costs);
  const freeItems =
    [
      values.nocar_dismissal,
      values.nohomework_folders,
      values.nocar_rider,
      values.nobus_rider,
      values.noafter_school,
      values.nowalker_biker,
    ].some((n) => (n ?? 0) > 0) || values.ss_car_mag_add === 1;
  return {
    order_key: randomToken(24),
    school_user_id: order.schoolUserId,
    product_id: order.productId,
    status: order.status,
    school_year: values.school_year,
    custom_fields: values,
    custom_price: priced.rows,
    subtotal_cents: priced.subtotal,
    tax_cents: priced.tax,
    total_cents: priced.total,
    payment_method: values.payment_method,
    purchase_order: values.purchase_order,
    free_tnc_req: freeItems,
    free_tnc_accepted_at: order.termsAccepted ? at : null,
    placed_at: order.status === 'Pending' || order.status === 'Reserved' ? null : at,
    delivery_date: order.delivered ? new Date(at.getTime() + 60 * DAY).toISOString().slice(0, 10) : null,
    created_at: at,
    updated_at: at,
  };
}
