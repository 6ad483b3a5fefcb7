import { USER_TYPE, type UserType } from '@portal/contracts/constants';
import { paymentStatusOf } from '@portal/contracts/order-rules';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orders, payments, schools, sponsors, sponsorship_items, sponsorships, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { randomToken } from '../lib/tokens.ts';

/** Building blocks shared by the demo seed and the tests. */

export interface NewUser {
  email: string;
  password?: string;
  usertype: UserType;
  first_name?: string;
  last_name?: string;
}

export async function createUser(db: Executor, input: NewUser) {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      password_hash: input.password ? await hashPassword(input.password) : null,
      usertype: input.usertype,
      first_name: input.first_name ?? '',
      last_name: input.last_name ?? '',
    })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  return user;
}

export async function createSchool(
  db: Executor,
  input: { email: string; password?: string } & Partial<typeof schools.$inferInsert>,
) {
  const { email, password, ...details } = input;
  const user = await createUser(db, { email, password, usertype: USER_TYPE.school });
  const [school] = await db
    .insert(schools)
    .values({ ...details, user_id: user.id })
    .returning();
  return { user, school: school! };
}

export async function createSponsor(
  db: Executor,
  input: { email: string; password?: string } & Partial<typeof sponsors.$inferInsert>,
) {
  const { email, password, ...details } = input;
  const user = await createUser(db, { email, password, usertype: USER_TYPE.sponsor });
  const [sponsor] = await db
    .insert(sponsors)
    .values({ ...details, user_id: user.id })
    .returning();
  return { user, sponsor: sponsor! };
}

export interface NewSponsorshipItem {
  sponsorship_type: string;
  county?: string;
  book_name?: string;
  school_name?: string;
  adv_size?: string;
  qty: number;
  rate_cents: number;
  artwork?: string;
  comments?: string;
  artwork_price_cents?: number;
}

export interface NewSponsorship {
  sponsorId: number;
  year: number;
  items: NewSponsorshipItem[];
  status?: typeof sponsorships.$inferInsert.status;
  paid_cents?: number;
  created_by?: number;
}

/** A sponsorship group's row and its items' rows, its totals the items' sum: to insert, one or many at once. */
export function sponsorshipRows(input: NewSponsorship) {
  const lines = input.items.map((item) => {
    const subtotal = item.qty * item.rate_cents;
    return { ...item, subtotal_cents: subtotal, total_cents: subtotal + (item.artwork_price_cents ?? 0) };
  });
  const group = {
    sponsor_user_id: input.sponsorId,
    year: input.year,
    status: input.status ?? 'Requested',
    total_qty: lines.reduce((sum, l) => sum + l.qty, 0),
    total_cents: lines.reduce((sum, l) => sum + l.total_cents, 0),
    paid_cents: input.paid_cents ?? 0,
    created_by: input.created_by ?? null,
  } satisfies typeof sponsorships.$inferInsert;
  return { group, lines };
}

/**
 * A sponsorship group and its items, its totals the items' sum; `paid_cents` as already
 * paid (its transactions are the caller's).
 */
export async function createSponsorship(db: Executor, input: NewSponsorship) {
  const { group, lines } = sponsorshipRows(input);
  const [sponsorship] = await db.insert(sponsorships).values(group).returning();
  if (!sponsorship) throw new Error('sponsorship insert returned no row');
  if (lines.length > 0) {
    await db.insert(sponsorship_items).values(lines.map((l) => ({ ...l, sponsorship_id: sponsorship.id })));
  }
  return sponsorship;
}

/**
 * A payment the order received (the demo's paid orders, tests of what follows a payment):
 * a confirmed card payment of `amountCents` (its whole total when left out), added to what
 * the order received, whose account then gives its payment status.
 */
export async function receiveOrderPayment(
  db: Executor,
  orderId: number,
  options: { amountCents?: number; at?: Date; gateway?: string } = {},
) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`no order ${orderId}`);
  const amount = options.amountCents ?? order.total_cents - order.received_cents;
  const at = options.at ?? new Date();
  const key = randomToken();
  const [payment] = await db
    .insert(payments)
    .values({
      payment_key: key,
      kind: 'order',
      user_id: order.school_user_id,
      order_id: order.id,
      amount_cents: amount,
      gateway: options.gateway ?? 'test',
      gateway_ref: `seed_${key.slice(0, 12)}`,
      status: 'succeeded',
      confirmed_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning();
  const received = order.received_cents + amount;
  await db
    .update(orders)
    .set({ received_cents: received, payment_status: paymentStatusOf({ ...order, received_cents: received }) })
    .where(eq(orders.id, order.id));
  if (!payment) throw new Error('payment insert returned no row');
  return payment;
}
