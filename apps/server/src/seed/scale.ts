import { randomBytes } from 'node:crypto';
import { USER_TYPE } from '@portal/contracts/constants';
import type { SchoolContact } from '@portal/contracts/documents';
import type { OrderStatus } from '@portal/contracts/orders';
import { reservableYears, schoolYearOf } from '@portal/contracts/school-years';
import { paidStatus } from '@portal/contracts/sponsorship-rules';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../db/client.ts';
import {
  audit_log,
  cost_sheets,
  counties,
  enquiries,
  invoices,
  order_files,
  orders,
  payment_allocations,
  payments,
  products,
  refunds,
  schools,
  sponsors,
  sponsorship_items,
  sponsorship_transactions,
  sponsorships,
  states,
  users,
} from '../db/schema/index.ts';
import type { OrderFileType } from '../db/schema/orders.ts';
import { hashPassword } from '../lib/password.ts';
import type { FileStorage } from '../lib/storage/file-storage.ts';
import { randomToken } from '../lib/tokens.ts';
import { providerOf } from '../modules/documents/document-provider.ts';
import { startPdf } from '../modules/documents/pdf-drawing.ts';
import { UPLOAD_CONTENT_TYPES, type UploadExtension } from '../modules/orders/check-upload-content.ts';
import { toCostSheet } from '../modules/orders/find-school-order.ts';
import { orderFileKey } from '../modules/orders/order-file-entry.ts';
import { getSettings } from '../modules/settings/get-settings.ts';
import { sponsorshipRows } from './factories.ts';
import { orderForm, orderRow } from './order-factory.ts';
import {
  numberDocuments,
  type OrderStory,
  offlineReferences,
  orderDocumentRows,
  orderPaymentRows,
  orderRowOf,
  orderStory,
  sponsorLedgerRows,
  sponsorPaymentRow,
  sponsorPayments,
} from './scale-money.ts';
import { randomOf, type ScaleRandom } from './scale-random.ts';

/**
 * A region's year of data, for measuring the back office at scale: schools in every state
 * with their orders across every status, payment option and school year (priced by the
 * server's own rules), their artwork files, and their money as the app keeps it (tax,
 * invoices, credit notes, card, check and transfer payments, refunds: scale-money.ts),
 * sponsors with their sponsorships, items and card payments (some paying several at once),
 * enquiries and a year of audit rows. Rows are made as the demo's and the tests' factories
 * make them, many to a statement, so that a year takes minutes. The same size and seed make
 * the same data.
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
  /** The orders' payments: by card, and checks and transfers staff recorded. */
  payments: number;
  /** First invoices and invoices for a difference. */
  invoices: number;
  creditNotes: number;
  refunds: number;
  orderFiles: number;
  sponsors: number;
  sponsorships: number;
  /** The sponsors' card payments, declined ones included; `bulkPayments` of them paid several sponsorships. */
  sponsorPayments: number;
  bulkPayments: number;
  enquiries: number;
  auditRows: number;
}

/** One of the few small files a year's uploads are copies of. */
interface Artwork {
  ext: UploadExtension;
  bytes: Buffer;
}
type ArtworkKind = 'pages' | 'cover' | 'po';

/** A one-page PDF: a heading and a line, as a school's PDF artwork or purchase order is. */
async function onePagePdf(heading: string, line: string): Promise<Buffer> {
  const { pdf, done } = await startPdf({ title: heading, author: 'A school', issued: '2026-01-15' });
  pdf.fontSize(24).text(heading).moveDown().fontSize(12).text(line);
  pdf.end();
  return done;
}

/** The files schools upload, small: their custom pages, their cover in the formats they send it in, their purchase order. */
async function artworkFiles(): Promise<Record<ArtworkKind, Artwork[]>> {
  const cover = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#1864ab"/><circle cx="150" cy="150" r="80" fill="#ffd43b"/><rect x="40" y="290" width="220" height="60" rx="12" fill="#fff"/></svg>',
  );
  return {
    pages: [
      { ext: 'pdf', bytes: await onePagePdf('Custom pages', 'School calendar, bell schedule and code of conduct.') },
    ],
    cover: [
      { ext: 'png', bytes: await sharp(cover).png({ palette: true }).toBuffer() },
      { ext: 'jpg', bytes: await sharp(cover).jpeg({ quality: 70 }).toBuffer() },
      { ext: 'pdf', bytes: await onePagePdf('Cover design', 'Front cover, full bleed, 8.5 x 11 in.') },
    ],
    po: [{ ext: 'pdf', bytes: await onePagePdf('Purchase order', 'Student planners, as quoted.') }],
  };
}

/** The uploads of an order, as the form asks for them: its custom pages, its custom cover, its purchase order. */
function uploadsOf(r: ScaleRandom, order: typeof orders.$inferInsert) {
  const values = order.custom_fields as { cust_pages?: number; cover_optn?: number };
  const uploads: { type: OrderFileType; name: string; kind: ArtworkKind }[] = [];
  if (values.cust_pages === 1 && r.next() < 0.9)
    uploads.push({ type: 'custom_pages', name: 'Custom pages', kind: 'pages' });
  if (values.cover_optn === 3 && r.next() < 0.9) uploads.push({ type: 'cover_optn', name: 'Cover', kind: 'cover' });
  if (order.purchase_order && r.next() < 0.3)
    uploads.push({ type: 'po_document', name: order.purchase_order, kind: 'po' });
  return uploads;
}

/**
 * The uploads of a batch of orders past Pending (made while the school could still change
 * them): each its own stored copy of one of a few small files, under a generated name (D7).
 */
function uploadRows(
  r: ScaleRandom,
  stories: readonly OrderStory[],
  ids: readonly number[],
  artwork: Record<ArtworkKind, Artwork[]>,
  today: Date,
) {
  return stories.flatMap((s, i) => {
    if (s.row.status === 'Pending') return [];
    const started = (s.row.created_at as Date).getTime();
    const at = s.row.placed_at ?? new Date(Math.min(today.getTime(), started + r.int(0, 10) * DAY));
    return uploadsOf(r, s.row).map((u) => {
      const file = r.pick(artwork[u.kind]);
      const stored = `${randomBytes(16).toString('hex')}.${file.ext}`;
      const type = UPLOAD_CONTENT_TYPES[file.ext];
      return {
        key: orderFileKey(stored),
        bytes: file.bytes,
        type,
        row: {
          order_id: ids[i] as number,
          file_type: u.type,
          file_name: `${u.name}.${file.ext}`,
          stored_name: stored,
          mime_type: type,
          size_bytes: file.bytes.length,
          created_at: at,
          updated_at: at,
        },
      };
    });
  });
}

/** Stores files a few at a time: the storage may be a bucket, one request each. */
async function storeAll(storage: FileStorage, files: readonly { key: string; bytes: Buffer; type: string }[]) {
  for (let i = 0; i < files.length; i += 16) {
    await Promise.all(files.slice(i, i + 16).map((f) => storage.put(f.key, f.bytes, f.type)));
  }
}

/**
 * Fills `db` (migrated, with its reference data and catalogue) with a year of `size`, its
 * uploads put in `storage` (without one the year has none: no row may point at no file);
 * `progress` hears a line as each part is done. E-mail addresses carry `tag`, so that a
 * second year may be added beside the first.
 */
export async function seedScale(
  db: Executor,
  size: ScaleSize,
  options: { storage?: FileStorage; seed?: number; tag?: string; today?: Date; progress?: (line: string) => void } = {},
): Promise<ScaleCounts> {
  const r = randomOf(options.seed ?? 20_261_203);
  const tag = options.tag ?? 'scale';
  const today = options.today ?? new Date();
  const say = options.progress ?? (() => {});
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const place = await db.select({ id: counties.id, state_id: counties.state_id }).from(counties);
  const stateCodes = new Map(
    (await db.select({ id: states.id, code: states.state_code }).from(states)).map((s) => [s.id, s.code]),
  );
  const catalogue = (
    await db
      .select({ id: products.id, costs: cost_sheets })
      .from(products)
      .innerJoin(cost_sheets, eq(cost_sheets.product_id, products.id))
  ).map((p) => ({ id: p.id, costs: toCostSheet(p.costs) }));
  if (catalogue.length === 0)
    throw new Error('The catalogue has no product with a cost sheet: seed the catalogue first.');
  const provider = providerOf(await getSettings(db));
  // Refunds name the administrator who gave the money back: the installation's first, if it has one.
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.usertype, USER_TYPE.admin))
    .orderBy(asc(users.id))
    .limit(1);

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
  const schoolRows = schoolUsers.map((userId, i) => {
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
  });
  await insertAll(schoolRows, (batch) => db.insert(schools).values(batch).returning({ id: schools.id }));
  // How the school's documents address it (schoolContact).
  const contacts = new Map<number, SchoolContact>(
    schoolRows.map((s, i) => {
      const state = s.state_id === null ? undefined : stateCodes.get(s.state_id);
      return [
        s.user_id,
        {
          name: s.school_name,
          lines: [s.address, `${s.city}, ${[state, s.zip].filter(Boolean).join(' ')}`],
          email: account('school', i).email,
        },
      ];
    }),
  );
  say(`${schoolUsers.length} schools`);

  const [current, next] = reservableYears(today) as [string, string];
  const past = [1, 2].map((years) => schoolYearOf(new Date(today.getTime() - years * 365 * DAY)));
  const orderIds: number[] = [];
  /** A school's orders, as many as the year gives it, each with its money's story. */
  const ordersOf = (schoolUserId: number): OrderStory[] => {
    const references = offlineReferences(r);
    return Array.from({ length: size.ordersPerSchool }, () => {
      const status = r.weighted(STATUS_WEIGHTS);
      const product = r.pick(catalogue);
      const old = status === 'Delivered' || (status === 'Cancelled' && r.next() < 0.5);
      const paymentMethod =
        status === 'Pending' ? undefined : status === 'Reserved' ? r.pick([1, 3, 4]) : r.pick([1, 2, 2, 4]);
      const vinyl = r.pick([1, 2]);
      const pages = r.next() < 0.15 ? 1 : 2;
      const cover = r.weighted({ 1: 7, 2: 2, 3: 1 });
      const values = orderForm({
        school_year: old ? r.pick(past) : r.pick([current, next]),
        noprimary_planners: r.int(20, 600),
        ...(r.next() < 0.3 ? { nostandard_planners: r.int(10, 300) } : {}),
        ...(status === 'Pending'
          ? {}
          : {
              cust_pages: pages,
              ...(pages === 1 ? { nocust_pages: r.int(1, 8) } : {}),
              vinyl_pockets: vinyl,
              ...(vinyl === 1 ? { novinyl_pockets: r.int(1, 2) } : {}),
              cover_optn: Number(cover),
              ...(cover === '2' ? { cover_optn_school_name: `${r.pick(PLACES)} ${r.pick(KINDS)}` } : {}),
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
      return orderStory(r, row, today, references);
    });
  };
  const tally = { orders: 0, payments: 0, invoices: 0, creditNotes: 0, refunds: 0, files: 0 };
  const artwork = await artworkFiles();

  /** One batch of orders written as the app would have left them: the orders, their payments, documents, refunds and files. */
  const seedOrders = async (stories: OrderStory[]) => {
    await numberDocuments(db, stories);
    const ids = await insertAll(stories.map(orderRowOf), (batch) =>
      db.insert(orders).values(batch).returning({ id: orders.id }),
    );
    const paymentRows = stories.map((s, i) => orderPaymentRows(s, ids[i] as number));
    const paymentIds = await insertAll(paymentRows.flat(), (batch) =>
      db.insert(payments).values(batch).returning({ id: payments.id }),
    );
    let paid = 0;
    const money = stories.map((s, i) => {
      const count = paymentRows[i]?.length ?? 0;
      const theirs = paymentIds.slice(paid, paid + count);
      paid += count;
      const school = contacts.get(s.row.school_user_id) as SchoolContact;
      return orderDocumentRows(s, ids[i] as number, theirs, { provider, school, staffId: admin?.id ?? null });
    });
    const documents = money.flatMap((m) => m.documents);
    await insertAll(documents, (batch) => db.insert(invoices).values(batch).returning({ id: invoices.id }));
    const given = money.flatMap((m) => m.refunds);
    await insertAll(given, (batch) => db.insert(refunds).values(batch).returning({ id: refunds.id }));
    // Drawn whether or not they are stored, so that the same seed makes the same year.
    const files = uploadRows(r, stories, ids, artwork, today);
    if (options.storage) {
      await storeAll(options.storage, files);
      await insertAll(
        files.map((f) => f.row),
        (batch) => db.insert(order_files).values(batch).returning({ id: order_files.id }),
      );
      tally.files += files.length;
    }
    orderIds.push(...ids);
    tally.orders += ids.length;
    tally.payments += paymentIds.length;
    tally.invoices += documents.filter((d) => d.kind === 'invoice').length;
    tally.creditNotes += documents.filter((d) => d.kind === 'credit-note').length;
    tally.refunds += given.length;
  };
  // A hundred schools' orders at a time, and all that goes with them: memory stays flat however large the year.
  for (let start = 0; start < schoolUsers.length; start += BATCH / 10) {
    await seedOrders(schoolUsers.slice(start, start + BATCH / 10).flatMap(ordersOf));
    if (tally.orders % 20_000 === 0 || start + BATCH / 10 >= schoolUsers.length) {
      say(
        `${tally.orders} orders, ${tally.payments} payments, ${tally.invoices} invoices, ${tally.creditNotes} credit notes, ${tally.refunds} refunds, ${tally.files} files`,
      );
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
      // Made over the year; approved by staff a few days after it was asked for (never after today).
      const at = new Date(today.getTime() - r.int(1, 360) * DAY);
      const approvedAt =
        made.group.status === 'Approved'
          ? new Date(Math.min(today.getTime(), at.getTime() + r.int(1, 10) * DAY))
          : null;
      return {
        ...made,
        group: { ...made.group, created_at: at, updated_at: approvedAt ?? at, approved_at: approvedAt },
      };
    }),
  );
  // What the sponsors paid of the approved ones, written with them: each one's paid_cents and status.
  const sponsorPaid = sponsorPayments(
    r,
    groups.map((g) => ({
      sponsorId: g.group.sponsor_user_id,
      year: g.group.year,
      totalCents: g.group.total_cents,
      approvedAt: g.group.approved_at,
    })),
    Number(current.slice(0, 4)),
    today,
  );
  const paidGroups = groups.map((g, i) => {
    const paid = sponsorPaid.paid[i];
    if (!paid) return g.group;
    // As the payments' confirmations leave it: paid_cents, Partial or Completed, changed when last paid.
    const status = paidStatus(paid.cents, g.group.total_cents);
    return { ...g.group, paid_cents: paid.cents, status, updated_at: paid.at };
  });
  const groupIds = await insertAll(paidGroups, (batch) =>
    db.insert(sponsorships).values(batch).returning({ id: sponsorships.id }),
  );
  const itemRows = groups.flatMap((g, i) => g.lines.map((l) => ({ ...l, sponsorship_id: groupIds[i] as number })));
  await insertAll(itemRows, (batch) =>
    db.insert(sponsorship_items).values(batch).returning({ id: sponsorship_items.id }),
  );
  const sponsorPaymentRows = sponsorPaid.payments.map(sponsorPaymentRow);
  const sponsorPaymentIds = await insertAll(sponsorPaymentRows, (batch) =>
    db.insert(payments).values(batch).returning({ id: payments.id }),
  );
  const ledger = sponsorPaid.payments.map((p, i) =>
    sponsorLedgerRows(
      p,
      { id: sponsorPaymentIds[i] as number, gateway_ref: sponsorPaymentRows[i]?.gateway_ref ?? '' },
      groupIds,
    ),
  );
  await insertAll(
    ledger.flatMap((l) => l.allocations),
    (batch) => db.insert(payment_allocations).values(batch).returning({ id: payment_allocations.id }),
  );
  await insertAll(
    ledger.flatMap((l) => l.transactions),
    (batch) => db.insert(sponsorship_transactions).values(batch).returning({ id: sponsorship_transactions.id }),
  );
  const bulkPayments = sponsorPaid.payments.filter((p) => p.kind === 'bulk').length;
  say(
    `${groupIds.length} sponsorships, ${itemRows.length} items, ${sponsorPaymentIds.length} sponsor payments (${bulkPayments} bulk)`,
  );

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
    orders: tally.orders,
    payments: tally.payments,
    invoices: tally.invoices,
    creditNotes: tally.creditNotes,
    refunds: tally.refunds,
    orderFiles: tally.files,
    sponsors: sponsorUsers.length,
    sponsorships: groupIds.length,
    sponsorPayments: sponsorPaymentIds.length,
    bulkPayments,
    enquiries: enquiryIds.length,
    auditRows: audited,
  };
}
