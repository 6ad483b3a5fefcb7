import type { TContentPage } from '@portal/contracts/pages';
import type { Database } from '../../db/client.ts';
import { content_pages } from '../../db/schema/index.ts';

/** All content pages by id; there are a dozen, so they are read together and cached. */
export async function getContentPages(db: Database): Promise<Map<number, TContentPage>> {
  const rows = await db
    .select({
      page_id: content_pages.id,
      seo_title: content_pages.seo_title,
      seo_description: content_pages.seo_description,
      slug: content_pages.slug,
      image_url: content_pages.image_url,
      image_width: content_pages.image_width,
      image_height: content_pages.image_height,
      body_html: content_pages.body_html,
    })
    .from(content_pages);
  return new Map(rows.map((r) => [r.page_id, r]));
}
