import type { TAdminFaqTopic, TAdminFaqTopicResponse } from '@portal/contracts/admin-content';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { faq_categories } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordHistory } from '../../audit/record-history.ts';

const columns = {
  id: faq_categories.id,
  name: faq_categories.name,
  slug: faq_categories.slug,
  description: faq_categories.description,
  audience: faq_categories.audience,
  sort_order: faq_categories.sort_order,
  updated_at: faq_categories.updated_at,
  // Named in full: inside a subquery drizzle writes a column without its table.
  faq_count: sql<number>`(select count(*)::int from faqs f where f.category_id = "faq_categories"."id")`,
};

const shown = (row: { updated_at: Date } & Omit<TAdminFaqTopic, 'updated_at'>): TAdminFaqTopic => ({
  ...row,
  updated_at: row.updated_at.toISOString(),
});

/** Help and Support's topics (its tiles), in the order the support page shows them, with their question counts. */
export async function listFaqTopics(db: Database): Promise<TAdminFaqTopic[]> {
  const rows = await db
    .select(columns)
    .from(faq_categories)
    .orderBy(asc(faq_categories.sort_order), asc(faq_categories.id));
  return rows.map(shown);
}

export async function getFaqTopic(db: Database, id: number): Promise<TAdminFaqTopicResponse> {
  const [row] = await db.select(columns).from(faq_categories).where(eq(faq_categories.id, id));
  if (!row) throw notFound();
  return {
    status: 'success',
    message: 'ok',
    category: shown(row),
    history: await recordHistory(db, 'faq-category', id),
  };
}
