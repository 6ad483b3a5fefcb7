import { USER_TYPE } from '@portal/contracts/constants';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Active sales reps, by name. */
export function listSalesReps(db: Database) {
  return db
    .select({ user_id: users.id, user_fname: users.first_name, user_lname: users.last_name })
    .from(users)
    .where(and(eq(users.usertype, USER_TYPE.salesRep), eq(users.status, 1)))
    .orderBy(asc(users.first_name), asc(users.last_name));
}
