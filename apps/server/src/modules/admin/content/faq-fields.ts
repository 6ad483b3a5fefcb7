import type { FaqFields } from '@portal/contracts/admin-content';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { faq_categories, faqs } from '../../../db/schema/index.ts';
import { fieldError } from '../../../lib/errors.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';

export type FaqValues = z.output<typeof FaqFields>;

/** The question as it is stored: its answer sanitised (D16). */
export const cleanFaq = (values: FaqValues) => ({ ...values, answer: sanitizeHtml(values.answer) });

/** The columns a question's audit rows compare. */
export const FAQ_AUDITED = {
  category_id: faqs.category_id,
  question: faqs.question,
  answer: faqs.answer,
  audience: faqs.audience,
};

/** Holds the topic a question goes into until the change commits (it cannot be deleted meanwhile); an unknown one is a field error. */
export async function lockTopic(tx: Executor, categoryId: number): Promise<void> {
  const [topic] = await tx
    .select({ id: faq_categories.id })
    .from(faq_categories)
    .where(eq(faq_categories.id, categoryId))
    .for('share');
  if (!topic) throw fieldError('category_id', MSG.faqTopicRequired);
}
