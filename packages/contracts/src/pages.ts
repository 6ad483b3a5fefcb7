import { z } from 'zod';
import { CONTENT_PAGE_COUNT } from './constants.ts';
import { successWith } from './envelope.ts';
import { queryInt } from './query.ts';

/** GET /api/page: a content page's SEO fields and, for the pages that show one, its body. */
export const PageQuery = z.object({
  page_id: queryInt('page_id', { min: 1, max: CONTENT_PAGE_COUNT }),
});
export type TPageQuery = z.infer<typeof PageQuery>;

export const ContentPage = z.object({
  page_id: z.number().int(),
  seo_title: z.string(),
  seo_description: z.string(),
  slug: z.string(),
  image_url: z.string(),
  image_width: z.number().int(),
  image_height: z.number().int(),
  /** The page's text as staff wrote it, sanitised HTML (D16); empty where the page keeps its own. */
  body_html: z.string(),
});
export type TContentPage = z.infer<typeof ContentPage>;

export const PageResponse = successWith(ContentPage.shape);
export type TPageResponse = z.infer<typeof PageResponse>;
