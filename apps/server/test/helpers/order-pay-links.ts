import { USER_TYPE } from '@portal/contracts/constants';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { audit_log, invoices, orders, pay_links } from '../../src/db/schema/index.ts';
import { bearer, signedInStaff } from './accounts.ts';
import { INVOICED_NOW, schoolWithPlacedOrder, storedOrder } from './orders.ts';
import type { TestApp } from './test-app.ts';

/** The key of a pay link in an e-mail's text (the last path segment of its address). */
export function linkKeyIn(text: string, page: 'order-pay' | 'sponsorship-pay' = 'order-pay'): string {
  const key = new RegExp(`/${page}/([\\w-]+)`).exec(text)?.[1];
  if (!key) throw new Error(`no /${page}/ link in: ${text}`);
  return key;
}

/** A school whose order is placed to be invoiced now, with `taxCents` of tax added by an administrator. */
export async function placedOrderWithTax(t: TestApp, taxCents = 1_234) {
  const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
  const admin = await signedInStaff(t, USER_TYPE.admin);
  const order = await storedOrder(t, school.orderKey);
  const res = await t.api.post(`/api/admin/orders/${order.id}/tax`, {
    body: { tax_cents: taxCents },
    headers: bearer(admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { school, admin, order: await storedOrder(t, school.orderKey) };
}

/** Gives the order an invoice number and an invoice row issued on `issued` (YYYY-MM-DD), due 30 days later. */
export async function invoiceOrder(t: TestApp, orderId: number, invoiceNumber: number, issued: string) {
  await t.db.update(orders).set({ invoice_number: invoiceNumber }).where(eq(orders.id, orderId));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const due = new Date(Date.parse(`${issued}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  await t.db.insert(invoices).values({
    order_id: orderId,
    kind: 'invoice',
    issue_date: issued,
    due_date: due,
    total_cents: order?.total_cents ?? 0,
  });
  return due;
}

export const orderPayLinksOf = (t: TestApp, orderId: number) =>
  t.db
    .select()
    .from(pay_links)
    .where(and(eq(pay_links.kind, 'order'), eq(pay_links.order_id, orderId)))
    .orderBy(asc(pay_links.id));

export const orderAudit = (t: TestApp, orderId: number) =>
  t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'order'), eq(audit_log.entity_id, String(orderId))))
    .orderBy(asc(audit_log.id));
