import { USER_TYPE, type UserType } from '@portal/contracts/constants';
import type { Executor } from '../db/client.ts';
import { schools, sponsors, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';

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
