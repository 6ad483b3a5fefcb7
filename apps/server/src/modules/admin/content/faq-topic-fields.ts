import type { FaqTopicFields } from '@portal/contracts/admin-content';
import type { z } from 'zod';
import { faq_categories } from '../../../db/schema/index.ts';

export type FaqTopicValues = z.output<typeof FaqTopicFields>;

/** A topic's address made from its name when staff leave it empty: "Payments & Invoices" → "payments-invoices". */
export const slugOf = (values: FaqTopicValues) =>
  values.slug ||
  values.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') ||
  'topic';

/** The columns a topic's audit rows compare. */
export const FAQ_TOPIC_AUDITED = {
  name: faq_categories.name,
  slug: faq_categories.slug,
  description: faq_categories.description,
  audience: faq_categories.audience,
};

/** Whether an error is the unique index on the topics' addresses. */
export const isSlugTaken = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505' || (error as { code?: string }).code === '23505';
