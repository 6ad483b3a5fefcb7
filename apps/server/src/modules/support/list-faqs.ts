import { MSG } from '@portal/contracts/messages';
import type { TFaq, TFaqCategory } from '@portal/contracts/support';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { faq_categories, faqs } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** What a school (4) or a sponsor (5) reads: what is written for both (0), and for its own kind. */
const forAudience = (usertype: number) => [0, usertype];

const categoryColumns = {
  id: faq_categories.id,
  name: faq_categories.name,
  slug: faq_categories.slug,
  description: faq_categories.description,
};

export async function listFaqCategories(db: Database, usertype: number): Promise<TFaqCategory[]> {
  return db
    .select(categoryColumns)
    .from(faq_categories)
    .where(inArray(faq_categories.audience, forAudience(usertype)))
    .orderBy(asc(faq_categories.sort_order), asc(faq_categories.id));
}

/** A topic by the id `faqcats` gives (the spec's `fc_id`) or by its slug (the web app's addresses). */
export type FaqTopic = { id: number } | { slug: string };

/** One topic's answers for the user's kind, in order; a topic it does not see is not found. */
export async function listFaqs(
  db: Database,
  usertype: number,
  topic: FaqTopic,
): Promise<{ category: TFaqCategory; faqs: TFaq[] }> {
  const byTopic = 'id' in topic ? eq(faq_categories.id, topic.id) : eq(faq_categories.slug, topic.slug);
  const [category] = await db
    .select(categoryColumns)
    .from(faq_categories)
    .where(and(byTopic, inArray(faq_categories.audience, forAudience(usertype))));
  if (!category) throw notFound(MSG.faqCategoryNotFound);
  const rows = await db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(and(eq(faqs.category_id, category.id), inArray(faqs.audience, forAudience(usertype))))
    .orderBy(asc(faqs.sort_order), asc(faqs.id));
  return { category, faqs: rows };
}
