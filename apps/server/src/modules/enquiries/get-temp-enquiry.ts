import type { TTempEnquiryResponse } from '@portal/contracts/enquiries';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sponsors, users } from '../../db/schema/index.ts';
import { findSponsorEnquiry } from './find-sponsor-enquiry.ts';

/** The enquiry form (tempenq): its product, and the sponsor's profile to prefill the fields. */
export async function getTempEnquiry(
  db: Database,
  sponsorUserId: number,
  enqKey: string,
): Promise<TTempEnquiryResponse> {
  const { enquiry, product } = await findSponsorEnquiry(db, sponsorUserId, enqKey);
  const [profile] = await db
    .select({
      primary_name: sponsors.primary_name,
      primary_email: users.email,
      primary_phone: sponsors.primary_phone,
      business_name: sponsors.business_name,
    })
    .from(users)
    .leftJoin(sponsors, eq(sponsors.user_id, users.id))
    .where(eq(users.id, sponsorUserId));
  return {
    status: 'success',
    message: 'ok',
    enq_id: enquiry.id,
    is_submited: enquiry.submitted_at ? 1 : 0,
    product,
    userinfo: {
      primary_name: profile?.primary_name ?? '',
      primary_email: profile?.primary_email ?? '',
      primary_phone: profile?.primary_phone ?? '',
      business_name: profile?.business_name ?? '',
    },
  };
}
