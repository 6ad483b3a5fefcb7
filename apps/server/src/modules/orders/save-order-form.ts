import { MSG } from '@portal/contracts/messages';
import {
  completionErrors,
  FREE_ITEM_FIELDS,
  type OrderFormValues,
  type OrderStatus,
  type TUpdateTempOrderResponse,
  withTagChoicesCleared,
} from '@portal/contracts/orders';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { orders } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { findSchoolOrder } from './find-school-order.ts';
import { queueOrderMails } from './order-mails.ts';
import { canEditOrder } from './order-rules.ts';
import { priceOrder } from './price-order.ts';
import { reservableYears } from './school-years.ts';
import { wirePricing } from './wire-prices.ts';

export interface SaveOrderInput {
  orderKey: string;
  /** 1 while the form is filled in (formats only); 0 completes it. */
  draft: 0 | 1;
  /** The status the button asks for: Reserved (Complete Reservation, Save Updates) or Order Placed (Finalize). */
  status: 'Pending' | 'Reserved' | 'Order Placed';
  values: OrderFormValues;
}

/** Where the school goes once the order is complete: checkout to be invoiced or pay now, else the confirmation. */
function nextPage(orderKey: string, status: OrderStatus, paymentMethod: number | null) {
  const pays = status === 'Order Placed' && (paymentMethod === 1 || paymentMethod === 2);
  return { type: 'internal' as const, redirect: `/${pays ? 'checkout' : 'order-confirmed'}/${orderKey}` };
}

/**
 * Saves the reservation form (updatetemporder), priced by the server. A draft keeps a
 * Pending order Pending and checks formats only; completing it checks every rule of
 * spec §5 and sets Reserved, or Order Placed when finalized (which a "just reserving"
 * payment option cannot be). A Reserved order takes drafts as a price preview only, so that
 * what was reserved changes only when the school saves its updates. Only an order the
 * school may still change (D12) is saved.
 */
export async function saveOrderForm(
  ctx: AppContext,
  schoolUserId: number,
  input: SaveOrderInput,
  today: Date,
): Promise<TUpdateTempOrderResponse> {
  const { order, costs } = await findSchoolOrder(ctx.db, schoolUserId, input.orderKey);
  if (!canEditOrder(order, today)) throw new AppError(409, MSG.orderLocked);

  const values = withTagChoicesCleared(input.values);
  if (values.school_year && !reservableYears(today).includes(values.school_year)) {
    throw badRequest(MSG.selectSchoolYear, { school_year: MSG.selectSchoolYear });
  }
  const finalizing = input.draft === 0 && input.status === 'Order Placed';
  if (input.draft === 0) {
    const errors = completionErrors(values);
    if (finalizing && values.payment_method === 3) {
      throw badRequest(MSG.changePaymentToFinalize, { payment_method: MSG.changePaymentToFinalize });
    }
    if (Object.keys(errors).length > 0) throw badRequest(MSG.fillRequiredFields, errors);
  }

  // Staff add tax later (D10); a school exempt from it pays none.
  const tax = values.tax === 1 ? 0 : order.has_tax ? order.tax_cents : 0;
  const priced = priceOrder(values, costs, tax);
  const status: OrderStatus = input.draft === 1 ? order.status : finalizing ? 'Order Placed' : 'Reserved';
  const answer = {
    status: 'success' as const,
    order_key: order.order_key,
    order_status: status,
    ...wirePricing(priced.rows, priced.total, order.has_tax && values.tax !== 1),
  };
  // Accepting the free-products terms is kept at once, whatever else the save does.
  const acceptsTerms = values.free_tnc_accepted && order.free_tnc_accepted_at === null;
  if (input.draft === 1 && order.status !== 'Pending') {
    if (acceptsTerms) await acceptFreeTerms(ctx, order.id);
    return { ...answer, message: 'ok', type: '', redirect: '' };
  }

  const saved = await writeOrderForm(ctx.db).execute({
    id: order.id,
    readStatus: order.status,
    fields: JSON.stringify(values),
    price: JSON.stringify(priced.rows),
    subtotal: priced.subtotal,
    tax: priced.tax,
    total: priced.total,
    schoolYear: values.school_year,
    paymentMethod: values.payment_method,
    purchaseOrder: values.purchase_order,
    freeTermsRequired: FREE_ITEM_FIELDS.some((f) => (values[f] ?? 0) > 0) || values.ss_car_mag_add === 1,
    status,
    finalizing,
    acceptsTerms,
  });
  if (saved.length === 0) throw new AppError(409, MSG.orderLocked);

  if (input.draft === 1) return { ...answer, message: MSG.orderSaved, type: '', redirect: '' };
  await queueOrderMails(ctx, {
    orderId: order.id,
    orderKey: order.order_key,
    schoolUserId,
    status,
    rows: priced.rows,
    total: priced.total,
  });
  return {
    ...answer,
    message: finalizing ? MSG.orderPlaced : MSG.orderReserved,
    ...nextPage(order.order_key, status, values.payment_method),
  };
}

/** Records that the school accepted the free-products terms, once. */
async function acceptFreeTerms(ctx: AppContext, orderId: number) {
  await ctx.db
    .update(orders)
    .set({ free_tnc_accepted_at: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.free_tnc_accepted_at)));
}

/**
 * The one write of the form, prepared once: the form saves on every pause in typing. It
 * writes only from the status the order was read in, so that a change made meanwhile
 * (staff, another tab) is not overwritten.
 */
const writeOrderForm = preparedFor((db: Database) =>
  db
    .update(orders)
    .set({
      custom_fields: sql`${sql.placeholder('fields')}::jsonb`,
      custom_price: sql`${sql.placeholder('price')}::jsonb`,
      subtotal_cents: sql`${sql.placeholder('subtotal')}::int`,
      tax_cents: sql`${sql.placeholder('tax')}::int`,
      total_cents: sql`${sql.placeholder('total')}::int`,
      school_year: sql`${sql.placeholder('schoolYear')}::text`,
      payment_method: sql`${sql.placeholder('paymentMethod')}::smallint`,
      purchase_order: sql`${sql.placeholder('purchaseOrder')}::text`,
      free_tnc_req: sql`${sql.placeholder('freeTermsRequired')}::boolean`,
      status: sql`${sql.placeholder('status')}::text`,
      placed_at: sql`case when ${sql.placeholder('finalizing')}::boolean then now() else ${orders.placed_at} end`,
      free_tnc_accepted_at: sql`case when ${sql.placeholder('acceptsTerms')}::boolean
        then coalesce(${orders.free_tnc_accepted_at}, now()) else ${orders.free_tnc_accepted_at} end`,
      // Set here, not by the column's own rule, which a prepared statement would run only once.
      updated_at: sql`now()`,
    })
    .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.status, sql.placeholder('readStatus'))))
    .returning({ id: orders.id })
    .prepare('write_order_form'),
);
