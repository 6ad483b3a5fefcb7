import { ENQUIRIES_PAGE_SIZE, type TEnquiriesResponse } from '@portal/contracts/enquiries';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { enquiries, products } from '../../db/schema/index.ts';
import { pageOf, pageWindow } from '../../lib/paging.ts';

/**
 * A page of the sponsor's sent enquiries (enquiries), newest first. Those still being
 * written are not listed.
 */
export async function listSponsorEnquiries(
  db: Database,
  sponsorUserId: number,
  page: number,
): Promise<TEnquiriesResponse> {
  const { limit, offset } = pageWindow(page, ENQUIRIES_PAGE_SIZE);
  const read = await db
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
    .limit(limit)
    .offset(offset);
  const { rows, has_more } = pageOf(read, ENQUIRIES_PAGE_SIZE);
  return {
    status: 'success',
    message: 'ok',
    enquiries: rows.map((r) => ({
      enq_id: r.enq_id,
      enq_key: r.enq_key,
      enq_date: (r.submitted_at ?? new Date(0)).toISOString(),
      status: 'Received' as const,
      product: { name: r.name, slug: r.slug },
    })),
    has_more,
  };
}
