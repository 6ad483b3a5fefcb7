import type { TEnquiryConfirmResponse } from '@portal/contracts/enquiries';
import type { Database } from '../../db/client.ts';
import { findSponsorEnquiry } from './find-sponsor-enquiry.ts';

/** The enquiry result page (enquiryconfirm): whether the sponsor's enquiry has been sent. */
export async function getEnquiryConfirmation(
  db: Database,
  sponsorUserId: number,
  enqKey: string,
): Promise<TEnquiryConfirmResponse> {
  const { enquiry } = await findSponsorEnquiry(db, sponsorUserId, enqKey);
  return { status: 'success', message: 'ok', enq_id: enquiry.id, is_submited: enquiry.submitted_at ? 1 : 0 };
}
