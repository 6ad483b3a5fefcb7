import { ENQUIRIES_PAGE_SIZE, type TEnquiriesResponse } from '@portal/contracts/enquiries';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { enquiries, products } from '../../db/schema/index.ts';

/**
 * A page of the sponsor's sent enquiries (enquiries), newest first. Those still being
 * written are not listed. One row more than a page tells whether another page follows.
 */
export async function listSponsorEnquiries(
  db: Database,
  sponsorUserId: number,
  page: number,
): Promise<TEnquiriesResponse> {
  const rows = await db
    .select({
      enq_id: enquiries.id,
      enq_key: enquiries.enq_key,
      submitted_at: enquiries.submitted_at,
      name: products.product_name,
      slug: products.product_slug,
    })
    .from(enquiries)
    .innerJoin(products, eq(products.id, enquiries.product_id))
    .where(and(eq(enquiries.sponsor_user_id, sponsorUserId), isNotNull(enquiries.submitted_at)))
    .orderBy(desc(enquiries.submitted_at), desc(enquiries.id))
    .limit(ENQUIRIES_PAGE_SIZE + 1)
    .offset((page - 1) * ENQUIRIES_PAGE_SIZE);
  return {
    status: 'success',
    message: 'ok',
    enquiries: rows.slice(0, ENQUIRIES_PAGE_SIZE).map((r) => ({
      enq_id: r.enq_id,
      enq_key: r.enq_key,
      enq_date: (r.submitted_at ?? new Date(0)).toISOString(),
      status: 'Received' as const,
      product: { name: r.name, slug: r.slug },
    })),
    has_more: rows.length > ENQUIRIES_PAGE_SIZE,
  };
}
