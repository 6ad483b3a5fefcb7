import { randomBytes } from 'node:crypto';
import { enquiries } from '../../src/db/schema/index.ts';
import { insertCategory, insertProduct } from './catalogue.ts';
import type { TestApp } from './test-app.ts';

/** One enquiry-only product per test app (each test file has its own database). */
const productIds = new WeakMap<TestApp, number>();

/** A sent enquiry of a sponsor, addressed to `srepId`, about an enquiry-only product. */
export async function sentEnquiry(
  t: TestApp,
  sponsorUserId: number,
  srepId: number | null,
  overrides: Partial<typeof enquiries.$inferInsert> = {},
) {
  let productId = productIds.get(t);
  if (productId === undefined) {
    const category = await insertCategory(t);
    productId = (await insertProduct(t, category.id, { type: 'inquery', product_name: 'Custom Wall Banner' })).id;
    productIds.set(t, productId);
  }
  const [row] = await t.db
    .insert(enquiries)
    .values({
      enq_key: randomBytes(12).toString('hex'),
      sponsor_user_id: sponsorUserId,
      product_id: productId,
      srep_id: srepId,
      qty: 3,
      fullname: 'Ann Example',
      email: 'ann@example.com',
      phone: '5125550100',
      company: 'Acme Hardware',
      message: 'How much for 300?',
      submitted_at: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}
