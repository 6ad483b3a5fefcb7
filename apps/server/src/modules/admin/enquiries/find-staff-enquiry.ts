import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { enquiries } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { repScope, type Staff } from '../staff.ts';

/** A sent enquiry as a staff member may see it: another rep's answers 404. */
export async function findStaffEnquiry(db: Executor, staff: Staff, id: number, lock = false) {
  const rep = repScope(staff);
  const query = db
    .select()
    .from(enquiries)
    .where(
      and(
        eq(enquiries.id, id),
        isNotNull(enquiries.submitted_at),
        rep === undefined ? undefined : eq(enquiries.srep_id, rep),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
