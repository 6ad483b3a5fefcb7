import type { ContentPageFields } from '@portal/contracts/admin-content';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { content_pages } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { fieldsBefore, recordChange } from '../../audit/record-change.ts';
import { checkVersion } from '../catalogue/catalogue-change.ts';
import type { Staff } from '../staff.ts';

/**
 * Saves a content page's head and body. The body is sanitised here (D16), so nothing a
 * browser would run reaches the database or the public page; the page's cached answers
 * and rendered pages are dropped at once in this process, and by the trigger's notice in the others.
 */
export async function updateContentPage(
  ctx: AppContext,
  staff: Staff,
  id: number,
  fields: z.output<typeof ContentPageFields>,
  ip: string,
): Promise<void> {
  const { version, ...values } = fields;
  const after = { ...values, body_html: values.body_html ? sanitizeHtml(values.body_html) : '' };
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        seo_title: content_pages.seo_title,
        seo_description: content_pages.seo_description,
        image_url: content_pages.image_url,
        image_width: content_pages.image_width,
        image_height: content_pages.image_height,
        body_html: content_pages.body_html,
        updated_at: content_pages.updated_at,
      })
      .from(content_pages)
      .where(eq(content_pages.id, id))
      .for('update');
    if (!before) throw notFound();
    checkVersion(version, before.updated_at, MSG.contentPageChanged);
    await tx.update(content_pages).set(after).where(eq(content_pages.id, id));
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'update',
      entity: 'content-page',
      entityId: id,
      before: fieldsBefore(before, after),
      after,
      ip,
    });
  });
  ctx.feed.touch('content_pages');
}
