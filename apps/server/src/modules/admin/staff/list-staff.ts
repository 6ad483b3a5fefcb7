import { STAFF_ROLE_OF, type StaffRole } from '@portal/contracts/admin';
import type { TStaffAccountRow } from '@portal/contracts/admin-staff';
import { USER_TYPE } from '@portal/contracts/constants';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { sponsors, users } from '../../../db/schema/index.ts';

/** Every staff account, administrators first, then by name, with each rep's number of sponsors. */
export async function listStaff(db: Database): Promise<TStaffAccountRow[]> {
  const counts = db
    .select({ srep_id: sponsors.srep_id, n: sql<number>`count(*)::int`.as('n') })
    .from(sponsors)
    .groupBy(sponsors.srep_id)
    .as('counts');
  const rows = await db
    .select({
      user_id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      usertype: users.usertype,
      status: users.status,
      has_password: sql<boolean>`${users.password_hash} is not null`,
      last_login_at: users.last_login_at,
      sponsors: sql<number>`coalesce(${counts.n}, 0)::int`,
      created_at: users.created_at,
    })
    .from(users)
    .leftJoin(counts, eq(counts.srep_id, users.id))
    .where(inArray(users.usertype, [USER_TYPE.admin, USER_TYPE.salesRep]))
    .orderBy(
      asc(users.usertype),
      asc(sql`lower(${users.first_name})`),
      asc(sql`lower(${users.last_name})`),
      asc(users.id),
    );
  return rows.map((r) => ({
    user_id: r.user_id,
    name: `${r.first_name} ${r.last_name}`.trim() || r.email,
    email: r.email,
    role: STAFF_ROLE_OF[r.usertype] as StaffRole,
    status: r.status,
    has_password: r.has_password,
    last_login_at: r.last_login_at?.toISOString() ?? null,
    sponsors: r.sponsors,
    created_at: r.created_at.toISOString(),
  }));
}
