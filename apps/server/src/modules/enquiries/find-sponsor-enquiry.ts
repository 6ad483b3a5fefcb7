import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { enquiries, products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { firstImage } from '../catalogue/list-products.ts';

/**
 * One of the sponsor's enquiries with its product. Ownership is part of the query: another
 * sponsor's key reads as unknown (404), so it says nothing of that enquiry (D11).
 */
export async function findSponsorEnquiry(db: Database, sponsorUserId: number, enqKey: string) {
  const [row] = await db
    .select({
      enquiry: enquiries,
      product: {
        name: products.product_name,
        slug: products.product_slug,
        image: firstImage,
        price_cents: products.price_cents,
      },
    })
    .from(enquiries)
    .innerJoin(products, eq(products.id, enquiries.product_id))
    .where(and(eq(enquiries.enq_key, enqKey), eq(enquiries.sponsor_user_id, sponsorUserId)));
  if (!row) throw notFound(MSG.enquiryNotFound);
  const { price_cents, ...product } = row.product;
  return { enquiry: row.enquiry, product: { ...product, regular_price_html: formatMoney(price_cents) } };
}
