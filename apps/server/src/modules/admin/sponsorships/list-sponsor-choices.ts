import type { TSponsorChoicesResponse } from '@portal/contracts/admin-sponsorships';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { sponsors, users } from '../../../db/schema/index.ts';
import type { Staff } from '../staff.ts';
import { sponsorScope } from './staff-sponsorship.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to 20 sponsors the staff member may set a sponsorship up for, found by company or e-mail (or by id). */
export async function listSponsorChoices(
  db: Executor,
  staff: Staff,
  filter: { q?: string | undefined; id?: number | undefined },
): Promise<TSponsorChoicesResponse> {
  const conditions: (SQL | undefined)[] = [sponsorScope(staff)];
  if (filter.id) conditions.push(eq(sponsors.user_id, filter.id));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(sponsors.business_name, pattern), ilike(users.email, pattern)));
  }
  const rows = await db
    .select({ user_id: users.id, company: sponsors.business_name, email: users.email })
    .from(sponsors)
    .innerJoin(users, eq(users.id, sponsors.user_id))
    .where(and(...conditions))
    .orderBy(asc(sponsors.business_name), asc(users.id))
    .limit(20);
  return { status: 'success', message: 'ok', sponsors: rows };
}
