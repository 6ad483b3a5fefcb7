import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import './zod-messages.ts';

/** Help and Support (spec §2; D2 faqcats, faqs): the tiles, and the answers under each. */

export const FaqCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** A short line under the tile's name. */
  description: z.string(),
});
export type TFaqCategory = z.infer<typeof FaqCategory>;

/** GET /api/faqcats: the tiles the signed-in school or sponsor sees, in order. */
export const FaqCatsResponse = successWith({ categories: z.array(FaqCategory) });
export type TFaqCatsResponse = z.infer<typeof FaqCatsResponse>;

/** GET /api/faqs?category=payment */
export const FaqsQuery = z.object({
  category: z.string({ error: MSG.faqCategoryRequired }).trim().min(1, MSG.faqCategoryRequired).max(100, tooLong(100)),
});

export const Faq = z.object({
  id: z.number().int(),
  question: z.string(),
  /** Sanitised HTML (D16). */
  answer: z.string(),
});
export type TFaq = z.infer<typeof Faq>;

export const FaqsResponse = successWith({ category: FaqCategory, faqs: z.array(Faq) });
export type TFaqsResponse = z.infer<typeof FaqsResponse>;
