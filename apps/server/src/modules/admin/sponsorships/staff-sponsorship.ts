import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { sponsors, sponsorships, users } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { repScope, type Staff } from '../staff.ts';

/** A rep's limit on sponsors: only those assigned to them; none for an administrator. */
export function sponsorScope(staff: Staff): SQL | undefined {
  const rep = repScope(staff);
  return rep === undefined ? undefined : eq(sponsors.srep_id, rep);
}

/**
 * A sponsorship the staff member may see, locked for update when asked: another rep's
 * answers 404, as if it did not exist.
 */
export async function findStaffSponsorship(tx: Executor, staff: Staff, id: number, lock = false) {
  const query = tx
    .select({
      id: sponsorships.id,
      sponsor_user_id: sponsorships.sponsor_user_id,
      status: sponsorships.status,
      year: sponsorships.year,
      total_qty: sponsorships.total_qty,
      total_cents: sponsorships.total_cents,
      paid_cents: sponsorships.paid_cents,
      created_at: sponsorships.created_at,
      updated_at: sponsorships.updated_at,
    })
    .from(sponsorships)
    .innerJoin(sponsors, eq(sponsors.user_id, sponsorships.sponsor_user_id))
    .where(and(eq(sponsorships.id, id), sponsorScope(staff)));
  const [row] = lock ? await query.for('update', { of: sponsorships }) : await query;
  if (!row) throw notFound();
  return row;
}

/** A sponsor the staff member may set a sponsorship up for: another rep's answers 404. */
export async function findStaffSponsor(tx: Executor, staff: Staff, sponsorUserId: number) {
  const [row] = await tx
    .select({ user_id: users.id, email: users.email, company: sponsors.business_name })
    .from(sponsors)
    .innerJoin(users, eq(users.id, sponsors.user_id))
    .where(and(eq(sponsors.user_id, sponsorUserId), sponsorScope(staff)));
  if (!row) throw notFound();
  return row;
}
