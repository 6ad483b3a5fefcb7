import type { TAdminSponsorDetail } from '@portal/contracts/admin-sponsors';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { enquiries, enquiry_replies, products, sponsorships, users } from '../../../db/schema/index.ts';
import { repScope, type Staff } from '../staff.ts';
import { findStaffSponsor } from './find-staff-sponsor.ts';

/** Where an enquiry stands for staff: closed, answered (a reply sent) or open. */
export const enquiryStateSql = sql<
  'open' | 'answered' | 'closed'
>`case when ${enquiries.closed_at} is not null then 'closed' when exists (select 1 from ${enquiry_replies} where ${enquiry_replies.enquiry_id} = ${enquiries.id}) then 'answered' else 'open' end`;

/** One sponsor as staff see it: profile, rep, account, its enquiries and sponsorships. */
export async function getStaffSponsor(db: Database, staff: Staff, userId: number): Promise<TAdminSponsorDetail> {
  const { user, sponsor } = await findStaffSponsor(db, staff, userId);
  const scope = repScope(staff);
  const [rep, enquiryRows, sponsorshipRows] = await Promise.all([
    sponsor.srep_id === null
      ? Promise.resolve(undefined)
      : db
          .select({ name: sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})` })
          .from(users)
          .where(eq(users.id, sponsor.srep_id))
          .then((rows) => rows[0]),
    db
      .select({
        id: enquiries.id,
        product: products.product_name,
        submitted_at: enquiries.submitted_at,
        state: enquiryStateSql,
      })
      .from(enquiries)
      .innerJoin(products, eq(products.id, enquiries.product_id))
      .where(
        and(
          eq(enquiries.sponsor_user_id, userId),
          isNotNull(enquiries.submitted_at),
          // A rep sees the enquiries sent to them, as in the inbox.
          scope === undefined ? undefined : eq(enquiries.srep_id, scope),
        ),
      )
      .orderBy(desc(enquiries.submitted_at))
      .limit(50),
    db
      .select({
        id: sponsorships.id,
        year: sponsorships.year,
        status: sponsorships.status,
        total_cents: sponsorships.total_cents,
        paid_cents: sponsorships.paid_cents,
      })
      .from(sponsorships)
      .where(eq(sponsorships.sponsor_user_id, userId))
      .orderBy(desc(sponsorships.year), desc(sponsorships.id))
      .limit(50),
  ]);
  return {
    user_id: user.id,
    business_name: sponsor.business_name,
    primary_name: sponsor.primary_name,
    primary_email: user.email,
    primary_phone: sponsor.primary_phone,
    phone_number: sponsor.phone_number,
    website: sponsor.website,
    secondary_name: sponsor.secondary_name,
    secondary_email: sponsor.secondary_email,
    secondary_phone: sponsor.secondary_phone,
    address: sponsor.address,
    city: sponsor.city,
    zip: sponsor.zip,
    srep_id: sponsor.srep_id,
    rep_name: rep?.name ?? '',
    status: user.status,
    has_password: user.password_hash !== null,
    last_login_at: user.last_login_at?.toISOString() ?? null,
    created_at: user.created_at.toISOString(),
    version: sponsor.updated_at.toISOString(),
    enquiries: enquiryRows.map((e) => ({
      id: e.id,
      product: e.product,
      submitted_at: (e.submitted_at ?? new Date(0)).toISOString(),
      state: e.state,
    })),
    sponsorships: sponsorshipRows,
  };
}
