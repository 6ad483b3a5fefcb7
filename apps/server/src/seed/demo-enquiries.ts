import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { enquiries, products } from '../db/schema/index.ts';
import { randomToken } from '../lib/tokens.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo sponsor's sent enquiries (D17), over this school year and the last, so that its
 * list has history and each one a page to open. Enquiries it starts itself are added live.
 */
export async function seedDemoEnquiries(
  db: Executor,
  sponsor: { userId: number; srepId: number; name: string; email: string; phone: string; company: string },
  today = new Date(),
) {
  const found = await db
    .select({ id: products.id, slug: products.product_slug })
    .from(products)
    .where(
      inArray(products.product_slug, [
        'planner-sponsorship-full-page-ad',
        'homework-folder-sponsorship',
        'dismissal-tag-sponsorship',
        'backpack-tag-sponsorship',
      ]),
    );
  const idOf = new Map(found.map((p) => [p.slug, p.id]));
  const demo = [
    {
      slug: 'planner-sponsorship-full-page-ad',
      qty: 1,
      daysAgo: 6,
      message:
        'We would like a full-page ad in the planners of two elementary schools near our office. Could you send the artwork sizes and the deadline for this school year?',
    },
    {
      slug: 'homework-folder-sponsorship',
      qty: 500,
      daysAgo: 48,
      message: 'Please quote 500 homework folders with our logo on the back for Bayshore Elementary.',
    },
    {
      slug: 'dismissal-tag-sponsorship',
      qty: 250,
      daysAgo: 390,
      message: 'Is it possible to sponsor the car rider tags for a school, and how is our name shown on them?',
    },
    {
      slug: 'backpack-tag-sponsorship',
      qty: 300,
      daysAgo: 430,
      message: 'We are interested in backpack tags for the new school year. What colors are available?',
    },
  ];
  const rows = demo.flatMap((d) => {
    const productId = idOf.get(d.slug);
    if (productId === undefined) return [];
    const sentAt = new Date(today.getTime() - d.daysAgo * DAY);
    return [
      {
        enq_key: randomToken(24),
        sponsor_user_id: sponsor.userId,
        product_id: productId,
        srep_id: sponsor.srepId,
        qty: d.qty,
        fullname: sponsor.name,
        email: sponsor.email,
        phone: sponsor.phone,
        company: sponsor.company,
        message: d.message,
        submitted_at: sentAt,
        created_at: new Date(sentAt.getTime() - 10 * 60 * 1000),
        updated_at: sentAt,
      },
    ];
  });
  if (rows.length) await db.insert(enquiries).values(rows);
}
