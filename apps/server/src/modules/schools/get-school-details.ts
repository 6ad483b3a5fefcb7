import type { TSchoolDetails } from '@portal/contracts/profiles';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { counties, schools, states, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** The signed-in school's details, with the login e-mail as its primary contact e-mail. */
export async function getSchoolDetails(db: Database, userId: number): Promise<TSchoolDetails> {
  const [row] = await db
    .select({
      school: schools,
      user_email: users.email,
      state: states.state_name,
      county: counties.county_name,
    })
    .from(schools)
    .innerJoin(users, eq(users.id, schools.user_id))
    .leftJoin(states, eq(states.id, schools.state_id))
    .leftJoin(counties, eq(counties.id, schools.county_id))
    .where(eq(schools.user_id, userId));
  if (!row) throw notFound('School details not found.');
  const s = row.school;
  return {
    school_name: s.school_name,
    address: s.address,
    city: s.city,
    state: row.state ?? '',
    zip: s.zip,
    county: row.county ?? '',
    dist_calendar: s.dist_calendar,
    phone: s.phone,
    website: s.website,
    avg_enrollment: s.avg_enrollment,
    hod_name: s.hod_name,
    hod_email: s.hod_email,
    primary_name: s.primary_name,
    primary_position: s.primary_position,
    primary_phone: s.primary_phone,
    primary_phone2: s.primary_phone2,
    secondary_name: s.secondary_name,
    secondary_position: s.secondary_position,
    secondary_email: s.secondary_email,
    secondary_phone: s.secondary_phone,
    secondary_phone2: s.secondary_phone2,
    status: s.status,
    ref_code: s.ref_code,
    user_email: row.user_email,
    details_completed: s.details_completed_at !== null,
  };
}
