import { USER_TYPE } from '@portal/contracts/constants';
import { and, asc, eq } from 'drizzle-orm';
import { audit_log } from '../../src/db/schema/index.ts';
import { createSponsorUser, signedInSchool, signedInSponsor, signedInStaff } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/**
 * Everyone the back office's sponsorship calls are tried with: an administrator, the
 * sponsor's own rep, another rep, a school and a sponsor (both refused), and the sponsor
 * the sponsorships are for (signed in, to pay by card).
 */
export async function sponsorshipCast(t: TestApp, company = 'Harbor Bakery') {
  const [admin, rep, otherRep, school, outsider] = await Promise.all([
    signedInStaff(t, USER_TYPE.admin),
    signedInStaff(t, USER_TYPE.salesRep, { first_name: 'Rita', last_name: 'Delgado' }),
    signedInStaff(t, USER_TYPE.salesRep),
    signedInSchool(t),
    signedInSponsor(t),
  ]);
  const sponsor = await signedInSponsor(t, { business_name: company, srep_id: rep.user.id });
  return { admin, rep, otherRep, school, outsider, sponsor };
}

/** A sponsor of another rep's, not signed in. */
export const otherRepsSponsor = (t: TestApp, repId: number) =>
  createSponsorUser(t, { business_name: 'Elsewhere Ltd', srep_id: repId });

/** The audit rows of one sponsorship, oldest first. */
export function sponsorshipAudit(t: TestApp, sponsorshipId: number) {
  return t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'sponsorship'), eq(audit_log.entity_id, String(sponsorshipId))))
    .orderBy(asc(audit_log.id));
}
