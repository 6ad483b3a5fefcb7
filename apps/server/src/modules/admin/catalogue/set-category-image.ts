import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { categories } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { catalogueChanged } from './catalogue-change.ts';
import { findCategory } from './find-category.ts';
import { checkPictureDecodes } from './make-card-picture.ts';
import type { PictureContent } from './picture-content.ts';
import { newUploadKey, recordStored, removeStoredUpload, storeUpload } from './stored-upload.ts';

/** An administrator gives a category a new picture (its banner); the one it replaces is removed. */
export async function setCategoryImage(
  ctx: AppContext,
  staff: Staff,
  id: number,
  picture: { bytes: Buffer; content: PictureContent },
  ip: string,
  log: FastifyBaseLogger,
): Promise<string> {
  await findCategory(ctx.db, id);
  await checkPictureDecodes(picture.bytes, picture.content);
  const key = newUploadKey('categories', id, picture.content.ext);
  const url = await storeUpload(ctx, key, picture.bytes, picture.content.contentType);
  const before = await recordStored(ctx, [key], () =>
    ctx.db.transaction(async (tx) => {
      const category = await findCategory(tx, id, true);
      await tx.update(categories).set({ category_image: url }).where(eq(categories.id, id));
      await recordChange(tx, {
        actorId: staff.userId,
        action: 'image',
        entity: 'category',
        entityId: id,
        before: { category_image: category.category_image },
        after: { category_image: url },
        ip,
      });
      return category.category_image;
    }),
  );
  catalogueChanged(ctx, 'categories');
  await removeStoredUpload(ctx, before, log);
  return url;
}
