import { USER_TYPE } from '@portal/contracts/constants';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { sponsors, users } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { repScope, type Staff } from '../staff.ts';

/**
 * The sponsor (by its user id) as a staff member may see it: another rep's sponsor is
 * answered 404, as if it did not exist. `lock` holds the rows for a change.
 */
export async function findStaffSponsor(db: Executor, staff: Staff, userId: number, lock = false) {
  const rep = repScope(staff);
  const query = db
    .select({ user: users, sponsor: sponsors })
    .from(sponsors)
    .innerJoin(users, eq(users.id, sponsors.user_id))
    .where(
      and(
        eq(sponsors.user_id, userId),
        eq(users.usertype, USER_TYPE.sponsor),
        rep === undefined ? undefined : eq(sponsors.srep_id, rep),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
