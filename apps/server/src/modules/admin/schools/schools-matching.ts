import { USER_TYPE } from '@portal/contracts/constants';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { schools, users } from '../../../db/schema/index.ts';
import { escapeLike } from '../sponsors/list-sponsors.ts';

/** What of a school a search may read besides its name and e-mail. */
export interface SchoolSearchFields {
  /** Its contact's name and its city, as the schools list searches them. */
  contactAndCity: boolean;
}

/** How many schools a search names before it leaves the rows to filter themselves. */
const MOST_MATCHED = 500;

/**
 * The schools whose name or e-mail (and, when asked, contact or city) hold `words`, found by
 * their trigram indexes (0049) rather than by reading every school beside every row of a
 * list; undefined when more than 500 do, for the list to filter its rows by the same words.
 */
export async function schoolsMatching(
  db: Executor,
  words: string,
  fields: SchoolSearchFields,
): Promise<number[] | undefined> {
  const pattern = `%${escapeLike(words)}%`;
  const contact = fields.contactAndCity
    ? sql` or ${schools.primary_name} ilike ${pattern} or ${schools.city} ilike ${pattern}`
    : sql``;
  const { rows } = await db.execute<{ id: number }>(sql`
    (select ${schools.user_id} as id from ${schools} where ${schools.school_name} ilike ${pattern}${contact})
    union
    (select ${users.id} from ${users} where ${users.usertype} = ${USER_TYPE.school} and ${users.email} ilike ${pattern})
    limit ${MOST_MATCHED + 1}`);
  return rows.length > MOST_MATCHED ? undefined : rows.map((r) => r.id);
}
