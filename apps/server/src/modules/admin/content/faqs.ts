import type { TAdminFaq, TAdminFaqResponse } from '@portal/contracts/admin-content';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { faq_categories, faqs } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordHistory } from '../../audit/record-history.ts';

const columns = {
  id: faqs.id,
  category_id: faqs.category_id,
  category_name: faq_categories.name,
  question: faqs.question,
  answer: faqs.answer,
  audience: faqs.audience,
  sort_order: faqs.sort_order,
  updated_at: faqs.updated_at,
};

const shown = (row: { updated_at: Date } & Omit<TAdminFaq, 'updated_at'>): TAdminFaq => ({
  ...row,
  updated_at: row.updated_at.toISOString(),
});

/** The questions of one topic, or of all of them, in the order the support page shows them. */
export async function listAdminFaqs(db: Database, categoryId?: number): Promise<TAdminFaq[]> {
  const rows = await db
    .select(columns)
    .from(faqs)
    .innerJoin(faq_categories, eq(faq_categories.id, faqs.category_id))
    .where(categoryId === undefined ? undefined : eq(faqs.category_id, categoryId))
    .orderBy(asc(faq_categories.sort_order), asc(faq_categories.id), asc(faqs.sort_order), asc(faqs.id));
  return rows.map(shown);
}

export async function getAdminFaq(db: Database, id: number): Promise<TAdminFaqResponse> {
  const [row] = await db
    .select(columns)
    .from(faqs)
    .innerJoin(faq_categories, eq(faq_categories.id, faqs.category_id))
    .where(eq(faqs.id, id));
  if (!row) throw notFound();
  return { status: 'success', message: 'ok', faq: shown(row), history: await recordHistory(db, 'faq', id) };
}
