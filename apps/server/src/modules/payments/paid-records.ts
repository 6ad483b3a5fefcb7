import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payment_allocations, payments, schools, sponsors, users } from '../../db/schema/index.ts';

/** A record a payment pays, as its history names it. */
export interface PaidRecord {
  entity: 'order' | 'sponsorship';
  id: number;
}

/** What a payment pays: its order, or each sponsorship it was shared among. */
export async function recordsPaidBy(
  tx: Executor,
  payment: { id: number; kind: string; order_id: number | null },
): Promise<PaidRecord[]> {
  if (payment.kind === 'order') return payment.order_id === null ? [] : [{ entity: 'order', id: payment.order_id }];
  const shares = await tx
    .select({ id: payment_allocations.sponsorship_id })
    .from(payment_allocations)
    .where(eq(payment_allocations.payment_id, payment.id))
    .orderBy(payment_allocations.sponsorship_id);
  return shares.map((a) => ({ entity: 'sponsorship', id: a.id }));
}

/** What each of these payments pays, as the back office's lists link to it, by payment id. */
export async function paidRecordsOf(
  db: Executor,
  rows: readonly { payment_id: number; kind: string; order_id: number | null }[],
): Promise<Map<number, { kind: 'order' | 'sponsorship'; id: number; label: string }[]>> {
  const ids = rows.filter((r) => r.kind !== 'order').map((r) => r.payment_id);
  const allocations = ids.length
    ? await db
        .select({ payment_id: payment_allocations.payment_id, sponsorship_id: payment_allocations.sponsorship_id })
        .from(payment_allocations)
        .where(inArray(payment_allocations.payment_id, ids))
        .orderBy(asc(payment_allocations.sponsorship_id))
    : [];
  return new Map(
    rows.map((r) => [
      r.payment_id,
      r.kind === 'order'
        ? r.order_id === null
          ? []
          : [{ kind: 'order' as const, id: r.order_id, label: `Order #${r.order_id}` }]
        : allocations
            .filter((a) => a.payment_id === r.payment_id)
            .map((a) => ({
              kind: 'sponsorship' as const,
              id: a.sponsorship_id,
              label: `Sponsorship #${a.sponsorship_id}`,
            })),
    ]),
  );
}

/** The columns that name who made a payment: join `users`, `schools` and `sponsors` by its user. */
export const PAYER_COLUMNS = { email: users.email, school: schools.school_name, business: sponsors.business_name };

/** Who paid, as the lists name them: the school or the sponsor, their e-mail when they have no name. */
export const payerOf = (r: { kind: string; email: string; school: string | null; business: string | null }) =>
  (r.kind === 'order' ? r.school : r.business) || r.email;

/** The joins PAYER_COLUMNS reads, on a query of payments. */
export const PAYER_JOINS = {
  users: eq(users.id, payments.user_id),
  schools: eq(schools.user_id, payments.user_id),
  sponsors: eq(sponsors.user_id, payments.user_id),
};
