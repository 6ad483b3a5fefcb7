import type { TSponsorDetails } from '@portal/contracts/profiles';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { counties, sponsors, states, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

const rep = alias(users, 'rep');

/** The signed-in sponsor's details, with its login e-mail and its sales rep's name. */
export async function getSponsorDetails(db: Database, userId: number): Promise<TSponsorDetails> {
  const [row] = await db
    .select({
      sponsor: sponsors,
      user_email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      sr_fname: rep.first_name,
      sr_lname: rep.last_name,
      state: states.state_name,
      county: counties.county_name,
    })
    .from(sponsors)
    .innerJoin(users, eq(users.id, sponsors.user_id))
    .leftJoin(rep, eq(rep.id, sponsors.srep_id))
    .leftJoin(states, eq(states.id, sponsors.state_id))
    .leftJoin(counties, eq(counties.id, sponsors.county_id))
    .where(eq(sponsors.user_id, userId));
  if (!row) throw notFound('Sponsor details not found.');
  const s = row.sponsor;
  return {
    business_name: s.business_name,
    srep_id: s.srep_id,
    phone_number: s.phone_number,
    website: s.website,
    address: s.address,
    city: s.city,
    state: row.state ?? '',
    zip: s.zip,
    county: row.county ?? '',
    primary_name: s.primary_name,
    primary_email: row.user_email,
    primary_phone: s.primary_phone,
    secondary_name: s.secondary_name,
    secondary_email: s.secondary_email,
    secondary_phone: s.secondary_phone,
    status: s.status,
    user_email: row.user_email,
    user_name: [row.first_name, row.last_name].filter(Boolean).join(' ') || s.primary_name,
    sr_fname: row.sr_fname ?? '',
    sr_lname: row.sr_lname ?? '',
    details_completed: s.details_completed_at !== null,
  };
}
