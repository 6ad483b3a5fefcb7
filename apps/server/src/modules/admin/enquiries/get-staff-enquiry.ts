import type { TAdminEnquiryDetail } from '@portal/contracts/admin-sponsors';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { enquiries, enquiry_replies, products, users } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Staff } from '../staff.ts';
import { findStaffEnquiry } from './find-staff-enquiry.ts';
import { enquiryRowFrom } from './list-staff-enquiries.ts';

/** The replies to an enquiry, oldest first, with their author's name. */
export function enquiryThread(db: Database, enquiryId: number) {
  return db
    .select({
      id: enquiry_replies.id,
      author: sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.email})`,
      message: enquiry_replies.message,
      created_at: enquiry_replies.created_at,
    })
    .from(enquiry_replies)
    .innerJoin(users, eq(users.id, enquiry_replies.author_user_id))
    .where(eq(enquiry_replies.enquiry_id, enquiryId))
    .orderBy(asc(enquiry_replies.id));
}

/** One enquiry for staff: the product, the sponsor's message and the thread of replies. */
export async function getStaffEnquiry(db: Database, staff: Staff, id: number): Promise<TAdminEnquiryDetail> {
  const enquiry = await findStaffEnquiry(db, staff, id);
  const [[row], [product], thread] = await Promise.all([
    enquiryRowFrom(db).where(eq(enquiries.id, id)),
    db.select({ slug: products.product_slug }).from(products).where(eq(products.id, enquiry.product_id)),
    enquiryThread(db, id),
  ]);
  if (!row) throw notFound();
  return {
    ...row,
    submitted_at: (row.submitted_at ?? new Date(0)).toISOString(),
    enq_key: enquiry.enq_key,
    product_slug: product?.slug ?? '',
    email: enquiry.email,
    phone: enquiry.phone,
    company: enquiry.company,
    message: enquiry.message,
    closed_at: enquiry.closed_at?.toISOString() ?? null,
    thread: thread.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
  };
}
