import { USER_TYPE } from '@portal/contracts/constants';
import type { OrderStatus } from '@portal/contracts/orders';
import { reservableYears, schoolYearOf } from '@portal/contracts/school-years';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  audit_log,
  cost_sheets,
  counties,
  enquiries,
  orders,
  payments,
  products,
  schools,
  sponsors,
  sponsorship_items,
  sponsorships,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { randomToken } from '../lib/tokens.ts';
import { toCostSheet } from '../modules/orders/find-school-order.ts';
import { sponsorshipRows } from './factories.ts';
import { orderForm, orderRow } from './order-factory.ts';

/**
 * A region's year of data, for measuring the back office at scale: schools in every state
 * with their orders across every status, payment option and school year (priced by the
 * server's own rules, the paid ones with their card payments), sponsors with their
 * sponsorships and items, enquiries and a year of audit rows. Rows are made as the demo's
 * and the tests' factories make them, many to a statement, so that a year takes minutes.
 * The same size and seed make the same data.
 */

export interface ScaleSize {
  schools: number;
  ordersPerSchool: number;
  sponsors: number;
  sponsorshipsPerSponsor: number;
  enquiries: number;
  auditRows: number;
  reps: number;
}

/** The region's shape for `schools` schools: 100,000 orders, 50,000 sponsorships and 1,000,000 audit rows for 10,000. */
export function scaleOf(schools: number): ScaleSize {
  return {
    schools,
    ordersPerSchool: 10,
    sponsors: Math.max(1, Math.round(schools / 5)),
    sponsorshipsPerSponsor: 25,
    enquiries: schools * 2,
    auditRows: schools * 100,
    reps: Math.max(2, Math.ceil(schools / 500)),
  };
}

/** The password every account of a scaled year signs in with. */
export const SCALE_PASSWORD = 'scale-year-password-2026';

/** A small, seeded random source: the same seed gives the same year. */
function randomOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  /** One of `weights`' keys, each as often as its weight. */
  const weighted = <K extends string>(weights: Record<K, number>): K => {
    const entries = Object.entries(weights) as [K, number][];
    let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return (entries.at(-1) as [K, number])[0];
  };
  return { next, int, pick, weighted };
}

const PLACES = ['Bayshore', 'Palm Grove', 'Cypress', 'Harbor', 'Magnolia', 'Oak Ridge', 'Lakeview', 'Sunset', 'Pine'];
const KINDS = ['Elementary School', 'Middle School', 'High School', 'Academy', 'Charter School', 'K-8 School'];
const TRADES = ['Dental Care', 'Realty', 'Bakery', 'Auto Repair', 'Insurance', 'Pediatrics', 'Pizza', 'Law Group'];

/** How a year's orders stand, in tenths of a hundred. */
const STATUS_WEIGHTS: Record<OrderStatus, number> = {
  Pending: 10,
  Reserved: 25,
  'Order Placed': 25,
  'In production': 8,
  Shipped: 4,
  'Ready for pickup': 4,
  Delivered: 18,
  Cancelled: 6,
};

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 1_000;

/** Inserts `rows` a thousand at a time, answering the ids in order. */
async function insertAll<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<{ id: number }[]>,
  size = BATCH,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) ids.push(...(await insert(rows.slice(i, i + size))).map((r) => r.id));
  return ids;
}

export interface ScaleCounts {
  schools: number;
  orders: number;
  payments: number;
  sponsors: number;
  sponsorships: number;
  enquiries: number;
  auditRows: number;
}

/**
 * Fills `db` (migrated, with its reference data and catalogue) with a year of `size`;
 * `progress` hears a line as each part is done. E-mail addresses carry `tag`, so that a
 * second year may be added beside the first.
 */
export async function seedScale(
  db: Executor,
  size: ScaleSize,
  options: { seed?: number; tag?: string; today?: Date; progress?: (line: string) => void } = {},
): Promise<ScaleCounts> {
  const r = randomOf(options.seed ?? 20_261_203);
  const tag = options.tag ?? 'scale';
  const today = options.today ?? new Date();
  const say = options.progress ?? (() => {});
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const place = await db.select({ id: counties.id, state_id: counties.state_id }).from(counties);
  const catalogue = (
    await db
      .select({ id: products.id, costs: cost_sheets })
      .from(products)
      .innerJoin(cost_sheets, eq(cost_sheets.product_id, products.id))
  ).map((p) => ({ id: p.id, costs: toCostSheet(p.costs) }));
  if (catalogue.length === 0)
    throw new Error('The catalogue has no product with a cost sheet: seed the catalogue first.');

  const account = (kind: string, i: number) => ({
    email: `${tag}-${kind}-${i}@example.org`,
    password_hash: passwordHash,
    usertype: kind === 'school' ? USER_TYPE.school : kind === 'sponsor' ? USER_TYPE.sponsor : USER_TYPE.salesRep,
    first_name: kind === 'rep' ? `Rep ${i}` : '',
    last_name: '',
  });
  const insertUsers = (kind: string, count: number) =>
    insertAll(
      Array.from({ length: count }, (_, i) => account(kind, i)),
      (batch) => db.insert(users).values(batch).returning({ id: users.id }),
    );

  const reps = await insertUsers('rep', size.reps);
  const schoolUsers = await insertUsers('school', size.schools);
  await insertAll(
    schoolUsers.map((userId, i) => {
      const where = place.length ? r.pick(place) : undefined;
      return {
        user_id: userId,
        school_name: `${r.pick(PLACES)} ${r.pick(KINDS)} ${i + 1}`,
        address: `${r.int(1, 9999)} ${r.pick(PLACES)} Ave`,
        city: r.pick(PLACES),
        state_id: where?.state_id ?? null,
        county_id: where?.id ?? null,
        zip: String(r.int(10_000, 99_999)),
        phone: `(813) 555-${String(r.int(0, 9999)).padStart(4, '0')}`,
        primary_name: `Coordinator ${i + 1}`,
        avg_enrollment: r.int(150, 2_400),
      };
    }),
    (batch) => db.insert(schools).values(batch).returning({ id: schools.id }),
  );
  say(`${schoolUsers.length} schools`);

  const [current, next] = reservableYears(today) as [string, string];
  const past = [1, 2].map((years) => schoolYearOf(new Date(today.getTime() - years * 365 * DAY)));
  const orderIds: number[] = [];
  /** A school's orders, as many as the year gives it. */
  const ordersOf = (schoolUserId: number): (typeof orders.$inferInsert)[] =>
    Array.from({ length: size.ordersPerSchool }, () => {
      const status = r.weighted(STATUS_WEIGHTS);
      const product = r.pick(catalogue);
      const old = status === 'Delivered' || (status === 'Cancelled' && r.next() < 0.5);
      const paymentMethod =
        status === 'Pending' ? undefined : status === 'Reserved' ? r.pick([1, 3, 4]) : r.pick([1, 2, 2, 4]);
      const values = orderForm({
        school_year: old ? r.pick(past) : r.pick([current, next]),
        noprimary_planners: r.int(20, 600),
        ...(r.next() < 0.3 ? { nostandard_planners: r.int(10, 300) } : {}),
        ...(status === 'Pending'
          ? {}
          : {
              cust_pages: 2,
              vinyl_pockets: r.pick([1, 2]),
              cover_optn: 1,
              delivery_optn: r.pick([1, 2]),
              ss_car_mag_add: 2,
              tax: r.pick([0, 0, 1]),
              payment_method: paymentMethod,
              purchase_order: r.next() < 0.4 ? `PO-${r.int(10_000, 99_999)}` : '',
              agreed: true,
            }),
      });
      const at = new Date(today.getTime() - r.int(old ? 200 : 1, old ? 700 : 180) * DAY);
      const row = orderRow({
        schoolUserId,
        productId: product.id,
        costs: product.costs,
        status,
        values,
        at,
        delivered: status === 'Delivered',
      });
      // Paid by card at checkout: on their way or delivered, paid in full.
      const paid = paymentMethod === 2 && status !== 'Reserved' && status !== 'Cancelled' && (row.total_cents ?? 0) > 0;
      return {
        ...row,
        ...(paid ? { received_cents: row.total_cents, payment_status: 'paid' as const } : {}),
        ...(status === 'Cancelled' ? { cancelled_at: at } : {}),
      };
    });
  let orderCount = 0;
  let paymentCount = 0;
  // A hundred schools' orders at a time, and their payments: memory stays flat however large the year.
  for (let start = 0; start < schoolUsers.length; start += BATCH / 10) {
    const rows = schoolUsers.slice(start, start + BATCH / 10).flatMap(ordersOf);
    const ids = await insertAll(rows, (batch) => db.insert(orders).values(batch).returning({ id: orders.id }));
    const paymentRows = rows.flatMap((o, i) => {
      if (o.payment_status !== 'paid') return [];
      const key = randomToken();
      const at = o.created_at as Date;
      return [
        {
          payment_key: key,
          kind: 'order' as const,
          user_id: o.school_user_id,
          order_id: ids[i] as number,
          amount_cents: o.total_cents as number,
          gateway: 'test',
          gateway_ref: `scale_${key.slice(0, 12)}`,
          status: 'succeeded' as const,
          confirmed_at: at,
          created_at: at,
          updated_at: at,
        },
      ];
    });
    await insertAll(paymentRows, (batch) => db.insert(payments).values(batch).returning({ id: payments.id }));
    orderCount += ids.length;
    paymentCount += paymentRows.length;
    orderIds.push(...ids);
    if (orderCount % 20_000 === 0 || start + BATCH / 10 >= schoolUsers.length) {
      say(`${orderCount} orders, ${paymentCount} card payments`);
    }
  }

  const sponsorUsers = await insertUsers('sponsor', size.sponsors);
  await insertAll(
    sponsorUsers.map((userId, i) => ({
      user_id: userId,
      business_name: `${r.pick(PLACES)} ${r.pick(TRADES)} ${i + 1}`,
      srep_id: r.pick(reps),
      phone_number: `(727) 555-${String(r.int(0, 9999)).padStart(4, '0')}`,
      city: r.pick(PLACES),
      primary_name: `Owner ${i + 1}`,
      details_completed_at: today,
    })),
    (batch) => db.insert(sponsors).values(batch).returning({ id: sponsors.id }),
  );
  say(`${sponsorUsers.length} sponsors`);

  const groups = sponsorUsers.flatMap((sponsorId) =>
    Array.from({ length: size.sponsorshipsPerSponsor }, () => {
      const made = sponsorshipRows({
        sponsorId,
        year: Number(r.pick([current, next, ...past]).slice(0, 4)),
        status: r.pick(['Requested', 'Approved', 'Approved'] as const),
        items: Array.from({ length: r.int(1, 3) }, () => ({
          sponsorship_type: r.pick(['Student planner ad', 'Car rider dismissal tags', 'Homework folder ad']),
          county: 'Hillsborough',
          book_name: 'Elementary planner',
          school_name: `${r.pick(PLACES)} ${r.pick(KINDS)}`,
          adv_size: r.pick(['Full page', 'Half page', 'Quarter page']),
          qty: r.int(1, 20),
          rate_cents: r.int(20, 400) * 100,
        })),
      });
      // Made over the year; approved by staff a few days after it was asked for.
      const at = new Date(today.getTime() - r.int(1, 360) * DAY);
      const approvedAt = made.group.status === 'Approved' ? new Date(at.getTime() + r.int(1, 10) * DAY) : null;
      return {
        ...made,
        group: { ...made.group, created_at: at, updated_at: approvedAt ?? at, approved_at: approvedAt },
      };
    }),
  );
  const groupIds = await insertAll(groups, (batch) =>
    db
      .insert(sponsorships)
      .values(batch.map((g) => g.group))
      .returning({ id: sponsorships.id }),
  );
  const itemRows = groups.flatMap((g, i) => g.lines.map((l) => ({ ...l, sponsorship_id: groupIds[i] as number })));
  await insertAll(itemRows, (batch) =>
    db.insert(sponsorship_items).values(batch).returning({ id: sponsorship_items.id }),
  );
  say(`${groupIds.length} sponsorships, ${itemRows.length} items`);

  const productIds = catalogue.map((p) => p.id);
  const enquiryIds = await insertAll(
    Array.from({ length: size.enquiries }, (_, i) => {
      const sponsorId = r.pick(sponsorUsers);
      const at = new Date(today.getTime() - r.int(1, 360) * DAY);
      return {
        enq_key: randomToken(24),
        sponsor_user_id: sponsorId,
        product_id: r.pick(productIds),
        srep_id: r.pick(reps),
        qty: r.int(1, 500),
        fullname: `Owner ${i + 1}`,
        email: `${tag}-enquirer-${i}@example.org`,
        company: `${r.pick(PLACES)} ${r.pick(TRADES)}`,
        message: 'We would like to sponsor the planners of the schools near us.',
        submitted_at: r.next() < 0.85 ? at : null,
        closed_at: r.next() < 0.3 ? at : null,
        created_at: at,
        updated_at: at,
      };
    }),
    (batch) => db.insert(enquiries).values(batch).returning({ id: enquiries.id }),
  );
  say(`${enquiryIds.length} enquiries`);

  const subjects = [
    {
      entity: 'order',
      ids: orderIds,
      action: 'status',
      before: { status: 'Reserved' },
      after: { status: 'Order Placed' },
    },
    { entity: 'order', ids: orderIds, action: 'tax', before: { tax_cents: 0 }, after: { tax_cents: 1_250 } },
    {
      entity: 'sponsorship',
      ids: groupIds,
      action: 'approve',
      before: { status: 'Requested' },
      after: { status: 'Approved' },
    },
    { entity: 'school', ids: schoolUsers, action: 'edit', before: { phone: '' }, after: { phone: '(813) 555-0101' } },
  ] as const;
  let audited = 0;
  for (let start = 0; start < size.auditRows; start += 5 * BATCH) {
    const count = Math.min(5 * BATCH, size.auditRows - start);
    const rows = Array.from({ length: count }, () => {
      const subject = r.pick(subjects);
      const at = new Date(today.getTime() - r.int(0, 364 * 24 * 60) * 60_000);
      return {
        actor_user_id: r.pick(reps),
        action: subject.action,
        entity: subject.entity,
        entity_id: String(r.pick(subject.ids)),
        changes: { before: subject.before, after: subject.after },
        ip: `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
        created_at: at,
        updated_at: at,
      };
    });
    await db.insert(audit_log).values(rows);
    audited += count;
    if (audited % 100_000 === 0 || audited === size.auditRows) say(`${audited} audit rows`);
  }

  return {
    schools: schoolUsers.length,
    orders: orderCount,
    payments: paymentCount,
    sponsors: sponsorUsers.length,
    sponsorships: groupIds.length,
    enquiries: enquiryIds.length,
    auditRows: audited,
  };
}
