import { businessDay } from '@portal/contracts/business-time';
import type { TUpdateTempOrderBody } from '@portal/contracts/orders';
import { reservableYears } from '@portal/contracts/school-years';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { email_outbox, orders, payments } from '../../src/db/schema/index.ts';
import { issueInvoice } from '../../src/modules/invoices/issue-invoice.ts';
import { receiveOrderPayment } from '../../src/seed/factories.ts';
import { bearer, signedInSchool } from './accounts.ts';
import { productIdOf } from './catalogue.ts';
import type { TestApp } from './test-app.ts';

/** Fixtures for the checkout and payment tests: orders made through the reservation form's own calls. */

export const PLANNER = 'primary-planner-classic-blue';

/**
 * The form of a school reserving 120 primary planners, complete but for the button, for
 * next school year as seen on `today` (the app's clock: `t.ctx.clock()`).
 */
export function completeOrderForm(
  orderKey: string,
  extra: Partial<TUpdateTempOrderBody> = {},
  today = new Date(),
): TUpdateTempOrderBody {
  return {
    order_key: orderKey,
    draft: 0,
    status: 'Reserved',
    school_year: reservableYears(today)[1] ?? '',
    noprimary_planners: '120',
    cust_pages: '2',
    vinyl_pockets: '2',
    cover_optn: '1',
    delivery_optn: '1',
    ss_car_mag_add: '2',
    tax: '1',
    payment_method: '3',
    agreed: true,
    ...extra,
  };
}

/** What turns the complete form into an order of free items alone: no planners, 50 free car rider tags, nothing to pay. */
export const FREE_ITEMS_ONLY: Partial<TUpdateTempOrderBody> = {
  noprimary_planners: '',
  cust_pages: '',
  vinyl_pockets: '',
  cover_optn: '',
  delivery_optn: '',
  ss_car_mag_add: '',
  tax: '',
  nocar_rider: '50',
};

/** A signed-in school with a new Pending order of the planner, as the product page's Order Now makes it. */
export async function schoolWithOrder(t: TestApp) {
  const school = await signedInSchool(t);
  const res = await t.api.post('/api/addtocartv2', {
    body: { product_id: await productIdOf(t, PLANNER) },
    headers: bearer(school.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...school, orderKey: res.json().order_key as string };
}

/**
 * Finalized to be invoiced now: committed, so that the school can no longer change or
 * cancel it itself (D12), unlike an order finalized for a card payment not yet made.
 */
export const INVOICED_NOW: Partial<TUpdateTempOrderBody> = { payment_method: '1' };

/** A school with an order saved through the form: finalized (Order Placed) to pay by `payment_method`, unless told otherwise. */
export async function schoolWithPlacedOrder(t: TestApp, extra: Partial<TUpdateTempOrderBody> = {}) {
  const school = await schoolWithOrder(t);
  const res = await t.api.post('/api/updatetemporder', {
    body: completeOrderForm(school.orderKey, { status: 'Order Placed', payment_method: '2', ...extra }, t.ctx.clock()),
    headers: bearer(school.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return school;
}

/** A school with an order reserved on `on` (the app's clock set to it) for `schoolYear`, to be invoiced after delivery. */
export async function schoolWithReservation(
  t: TestApp,
  clock: { setToday(date: Date): void },
  schoolYear: string,
  on: Date,
) {
  clock.setToday(on);
  return schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3', school_year: schoolYear });
}

/**
 * Issues the order's first invoice as the server does at placement or delivery
 * (issueInvoice), dated `issued` (the app's today when left out); answers its number.
 */
export async function issueOrderInvoice(t: TestApp, orderKey: string, issued = businessDay(t.ctx.clock())) {
  const order = await storedOrder(t, orderKey);
  const row = await issueInvoice(t.ctx, {
    orderId: order.id,
    kind: 'invoice',
    issued,
    actor: { userId: order.school_user_id },
  });
  return row.number ?? 0;
}

export async function storedOrder(t: TestApp, orderKey: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.order_key, orderKey));
  if (!order) throw new Error(`no order ${orderKey}`);
  return order;
}

export async function paymentsOf(t: TestApp, orderId: number) {
  return t.db.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(asc(payments.id));
}

export async function receiptsTo(t: TestApp, address: string) {
  const mails = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, address));
  return mails.filter((m) => m.template === 'payment-receipt');
}

/** The school's checkout of its order by card (placeorder): the gateway's page to go to, or why not. */
export const placeByCard = (t: TestApp, school: { orderKey: string; token: string }) =>
  t.api.post('/api/placeorder', {
    body: { order_key: school.orderKey, payment_method: '2', tnc: '1' },
    headers: bearer(school.token),
  });

/**
 * A school whose order is placed to pay by card, with a payment started at checkout on
 * the app's gateway: the gateway's page (`url`), its reference (`ref`) and our payment.
 */
export async function startedCardPayment(t: TestApp) {
  const school = await schoolWithPlacedOrder(t);
  const res = await placeByCard(t, school);
  expect(res.statusCode, res.body).toBe(200);
  const order = await storedOrder(t, school.orderKey);
  const payment = (await paymentsOf(t, order.id)).at(-1);
  if (!payment?.gateway_ref) throw new Error('no checkout started at the gateway');
  const answer = res.json() as { type: string; redirect: string };
  return { school, order, payment, answer, url: answer.redirect, ref: payment.gateway_ref };
}

/**
 * The order paid, as a confirmed card payment of its balance leaves it (its account says
 * paid); `amountCents` for an order with nothing to pay (a Pending one) or a payment of its own.
 */
export async function markOrderPaid(t: TestApp, orderKey: string, amountCents?: number) {
  const order = await storedOrder(t, orderKey);
  return receiveOrderPayment(t.db, order.id, amountCents === undefined ? {} : { amountCents });
}
