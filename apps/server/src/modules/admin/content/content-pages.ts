import {
  CONTENT_PAGE_BODIES,
  type TAdminContentPageResponse,
  type TAdminContentPageRow,
} from '@portal/contracts/admin-content';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { content_pages } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordHistory } from '../../audit/record-history.ts';

type PageRow = typeof content_pages.$inferSelect;

const rowOf = (p: PageRow): TAdminContentPageRow => ({
  id: p.id,
  name: p.name,
  slug: p.slug,
  seo_title: p.seo_title,
  seo_description: p.seo_description,
  shows_body: CONTENT_PAGE_BODIES[p.id] !== undefined,
  has_body: p.body_html !== '',
  updated_at: p.updated_at.toISOString(),
});

/** The twelve content pages, by id. */
export async function listContentPages(db: Database): Promise<TAdminContentPageRow[]> {
  const rows = await db.select().from(content_pages).orderBy(asc(content_pages.id));
  return rows.map(rowOf);
}

/** One content page in full, with its history. */
export async function getContentPage(db: Database, id: number): Promise<TAdminContentPageResponse> {
  const [page] = await db.select().from(content_pages).where(eq(content_pages.id, id));
  if (!page) throw notFound();
  return {
    status: 'success',
    message: 'ok',
    page: {
      ...rowOf(page),
      image_url: page.image_url,
      image_width: page.image_width,
      image_height: page.image_height,
      body_html: page.body_html,
    },
    history: await recordHistory(db, 'content-page', id),
  };
}
