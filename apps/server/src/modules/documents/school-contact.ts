import type { SchoolContact } from '@portal/contracts/documents';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { schools, states, users } from '../../db/schema/index.ts';

export type { SchoolContact };

/** The school's contact details, '' (or no line) for what it has not filled in yet. */
export async function schoolContact(db: Executor, schoolUserId: number): Promise<SchoolContact> {
  const [school] = await db
    .select({
      name: schools.school_name,
      address: schools.address,
      city: schools.city,
      state: states.state_code,
      zip: schools.zip,
      email: users.email,
    })
    .from(users)
    .leftJoin(schools, eq(schools.user_id, users.id))
    .leftJoin(states, eq(states.id, schools.state_id))
    .where(eq(users.id, schoolUserId));
  const cityLine = [school?.city, [school?.state, school?.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    name: school?.name ?? '',
    lines: [school?.address ?? '', cityLine].filter(Boolean),
    email: school?.email ?? '',
  };
}
