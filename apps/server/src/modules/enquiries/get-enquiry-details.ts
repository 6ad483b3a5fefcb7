import type { TEnquiryDetailsResponse } from '@portal/contracts/enquiries';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { enquiryThread } from '../admin/enquiries/get-staff-enquiry.ts';
import { findSponsorEnquiry } from './find-sponsor-enquiry.ts';

/**
 * One of the sponsor's sent enquiries in full (enquirydetails). One still being written is
 * not an enquiry yet: its form is where it is read. Staff replies come oldest first.
 */
export async function getEnquiryDetails(
  db: Database,
  sponsorUserId: number,
  enqKey: string,
): Promise<TEnquiryDetailsResponse> {
  const { enquiry, product } = await findSponsorEnquiry(db, sponsorUserId, enqKey);
  if (!enquiry.submitted_at) throw notFound(MSG.enquiryNotFound);
  const thread = await enquiryThread(db, enquiry.id);
  const [rep] =
    enquiry.srep_id === null
      ? []
      : await db
          .select({ first_name: users.first_name, last_name: users.last_name })
          .from(users)
          .where(eq(users.id, enquiry.srep_id));
  return {
    status: 'success',
    message: 'ok',
    enquiry: {
      enq_id: enquiry.id,
      enq_key: enquiry.enq_key,
      enq_date: enquiry.submitted_at.toISOString(),
      status: 'Received',
      product,
      qty: enquiry.qty,
      fullname: enquiry.fullname,
      email: enquiry.email,
      phone: enquiry.phone,
      company: enquiry.company,
      message: enquiry.message,
      sales_rep: rep ? [rep.first_name, rep.last_name].filter(Boolean).join(' ') : '',
    },
    replies: thread.map((r) => ({ date: r.created_at.toISOString(), from: r.author, message: r.message })),
  };
}
