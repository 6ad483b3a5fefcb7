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

/**
 * GET /api/faqs?fc_id=2: a topic by the id `faqcats` gives, the spec's parameter (D6).
 * The web app names the topic by its slug in its addresses and asks with `category=payment`.
 */
export const FaqsQuery = z
  .object({
    fc_id: z.coerce
      .number({ error: MSG.faqCategoryRequired })
      .int(MSG.faqCategoryRequired)
      .min(1, MSG.faqCategoryRequired)
      .max(2_147_483_647, MSG.faqCategoryRequired)
      .optional(),
    category: z.string({ error: MSG.faqCategoryRequired }).trim().max(100, tooLong(100)).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.fc_id === undefined && !query.category) {
      ctx.addIssue({ code: 'custom', path: ['fc_id'], message: MSG.faqCategoryRequired });
    }
  });
export type TFaqsQuery = z.infer<typeof FaqsQuery>;

export const Faq = z.object({
  id: z.number().int(),
  question: z.string(),
  /** Sanitised HTML (D16). */
  answer: z.string(),
});
export type TFaq = z.infer<typeof Faq>;

export const FaqsResponse = successWith({ category: FaqCategory, faqs: z.array(Faq) });
export type TFaqsResponse = z.infer<typeof FaqsResponse>;
