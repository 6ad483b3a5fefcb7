import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';

/**
 * The school's account (every school is open to every staff member: schools belong to no
 * rep), locked for the rest of the transaction when asked; 404 for any other user.
 */
export async function findStaffSchool(db: Executor, userId: number, lock = false) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.usertype, USER_TYPE.school)));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw notFound(MSG.schoolNotFound);
  return user;
}
