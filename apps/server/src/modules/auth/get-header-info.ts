import { USER_TYPE } from '@portal/contracts/constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { schools, sponsors, users } from '../../db/schema/index.ts';
import type { SessionUser } from './sessions.ts';

/** The name the header shows: the school's or business's name, else the person's, else the e-mail. */
export async function getHeaderInfo(db: Database, user: SessionUser) {
  let name = '';
  if (user.usertype === USER_TYPE.school) {
    const [row] = await db.select({ name: schools.school_name }).from(schools).where(eq(schools.user_id, user.userId));
    name = row?.name ?? '';
  } else if (user.usertype === USER_TYPE.sponsor) {
    const [row] = await db
      .select({ name: sponsors.business_name })
      .from(sponsors)
      .where(eq(sponsors.user_id, user.userId));
    name = row?.name ?? '';
  } else {
    const [row] = await db
      .select({ first: users.first_name, last: users.last_name })
      .from(users)
      .where(eq(users.id, user.userId));
    name = [row?.first, row?.last].filter(Boolean).join(' ');
  }
  return { name: name || user.email, email: user.email, usertype: user.usertype };
}
