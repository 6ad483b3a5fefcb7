import type { OrderFormValues } from '@portal/contracts/orders';
import { reservableYears, schoolYearOf } from '@portal/contracts/school-years';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cost_sheets, orders, products } from '../db/schema/index.ts';
import { isoDay } from '../lib/dates.ts';
import { providerOf } from '../modules/documents/document-provider.ts';
import { storeInvoice } from '../modules/invoices/issue-invoice.ts';
import { toCostSheet } from '../modules/orders/find-school-order.ts';
import { getSettings } from '../modules/settings/get-settings.ts';
import { receiveOrderPayment } from './factories.ts';
import { orderForm, orderRow } from './order-factory.ts';

const DAY = 24 * 60 * 60 * 1000;

const form = orderForm;

/**
 * The demo school's orders (D17), one in each state a school meets: a reservation still
 * being filled in, a completed reservation with free items whose terms wait for acceptance,
 * one with them accepted, an order invoiced and unpaid, and last year's order, paid and delivered.
 */
export async function seedDemoOrders(db: Executor, schoolUserId: number, today = new Date()) {
  const [product] = await db
    .select({ id: products.id, costs: cost_sheets })
    .from(products)
    .leftJoin(cost_sheets, eq(cost_sheets.product_id, products.id))
    .where(eq(products.product_slug, 'primary-planner-classic-blue'));
  if (!product) return;
  const costs = toCostSheet(product.costs);
  const [current, next] = reservableYears(today) as [string, string];
  const lastYear = schoolYearOf(new Date(today.getTime() - 365 * DAY));
  const base = {
    cust_pages: 2,
    vinyl_pockets: 2,
    cover_optn: 1,
    delivery_optn: 2,
    ss_car_mag_add: 2,
    tax: 0,
    agreed: true,
  };

  const demo: {
    status: 'Pending' | 'Reserved' | 'Order Placed';
    values: OrderFormValues;
    daysAgo: number;
    paid?: boolean;
    /** Placed at checkout to be invoiced now: its invoice was issued that day. */
    invoiced?: boolean;
    termsAccepted?: boolean;
    delivered?: boolean;
  }[] = [
    {
      status: 'Pending',
      values: form({ school_year: next, nostandard_planners: 80 }),
      daysAgo: 1,
    },
    {
      status: 'Reserved',
      values: form({
        ...base,
        school_year: next,
        noprimary_planners: 220,
        nostandard_planners: 180,
        cover_optn: 2,
        cover_optn_school_name: 'Bayshore Elementary School',
        nocar_dismissal: 300,
        style_of_tag: 'Happy Car',
        style_of_tag_color: 'Blue',
        nobus_rider: 100,
        payment_method: 3,
      }),
      daysAgo: 6,
    },
    {
      status: 'Reserved',
      values: form({
        ...base,
        school_year: next,
        no8511_planners: 60,
        cust_pages: 1,
        nocust_pages: 4,
        ss_car_mag_add: 1,
        ss_car_mag: 250,
        nohomework_folders: 500,
        payment_method: 4,
        purchase_order: 'PO-55120',
      }),
      daysAgo: 12,
      termsAccepted: true,
    },
    {
      status: 'Order Placed',
      values: form({ ...base, school_year: current, noprimary_planners: 150, tax: 1, payment_method: 1 }),
      daysAgo: 40,
      invoiced: true,
    },
    {
      status: 'Order Placed',
      values: form({ ...base, school_year: lastYear, nostandard_planners: 400, delivery_optn: 1, payment_method: 2 }),
      daysAgo: 300,
      paid: true,
      delivered: true,
    },
  ];

  for (const order of demo) {
    const at = new Date(today.getTime() - order.daysAgo * DAY);
    const [inserted] = await db
      .insert(orders)
      .values(orderRow({ schoolUserId, productId: product.id, costs, ...order, at }))
      .returning({ id: orders.id });
    if (order.paid && inserted) await receiveOrderPayment(db, inserted.id, { at });
    if (order.invoiced && inserted) {
      const provider = providerOf(await getSettings(db));
      const request = {
        orderId: inserted.id,
        kind: 'invoice' as const,
        issued: isoDay(at),
        actor: { userId: schoolUserId },
      };
      await storeInvoice(db, request, provider);
    }
  }
}
