import type { TAdminProductImage } from '@portal/contracts/admin-catalogue';
import { MSG } from '@portal/contracts/messages';
import { and, eq, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { product_images } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { productPictureRow } from '../../catalogue/product-picture.ts';
import type { Staff } from '../staff.ts';
import { catalogueChanged } from './catalogue-change.ts';
import { findProduct } from './find-product.ts';
import { productImagesOf } from './get-admin-product.ts';
import { makeCardPicture } from './make-card-picture.ts';
import type { PictureContent } from './picture-content.ts';
import { newUploadKey, recordStored, removeStoredUpload } from './stored-upload.ts';

/**
 * A product's pictures: staff add them (after the last), write their alt text, put them
 * in order and delete them. Each change is a 'product' entry in the audit log, and the
 * public pages show it at once.
 */

async function findImage(tx: Executor, productId: number, imageId: number) {
  const [image] = await tx
    .select()
    .from(product_images)
    .where(and(eq(product_images.id, imageId), eq(product_images.product_id, productId)))
    .for('update');
  if (!image) throw notFound();
  return image;
}

/** Stores an uploaded picture as the product's last, with its measured size. */
export async function addProductImage(
  ctx: AppContext,
  staff: Staff,
  productId: number,
  upload: { bytes: Buffer; content: PictureContent; alt: string },
  ip: string,
): Promise<TAdminProductImage> {
  await findProduct(ctx.db, productId);
  const card = await makeCardPicture(upload.bytes, upload.content);
  const key = newUploadKey('products', productId, upload.content.ext);
  const cardKey = key.replace(/\.[a-z]+$/, '-card.webp');
  await ctx.storage.put(key, upload.bytes, upload.content.contentType);
  const stored = card ? [key, cardKey] : [key];
  const image = await recordStored(ctx, stored, async () => {
    if (card) await ctx.storage.put(cardKey, card.bytes, 'image/webp');
    return ctx.db.transaction(async (tx) => {
      await findProduct(tx, productId, true);
      const [last] = await tx
        .select({ n: max(product_images.sort_order) })
        .from(product_images)
        .where(eq(product_images.product_id, productId));
      const values = productPictureRow(
        productId,
        {
          key,
          width: upload.content.width,
          height: upload.content.height,
          card: card && { key: cardKey, width: card.width },
        },
        upload.alt,
        last?.n === null || last?.n === undefined ? 0 : last.n + 1,
      );
      const [row] = await tx.insert(product_images).values(values).returning();
      await recordChange(tx, {
        actorId: staff.userId,
        action: 'image-add',
        entity: 'product',
        entityId: productId,
        after: { image_id: row!.id, url: row!.url, alt: row!.alt, sort_order: row!.sort_order },
        ip,
      });
      return row!;
    });
  });
  catalogueChanged(ctx, 'product_images');
  return {
    id: image.id,
    url: image.url,
    card_url: image.card_url,
    width: image.width,
    height: image.height,
    alt: image.alt,
    sort_order: image.sort_order,
  };
}

export async function setProductImageAlt(
  ctx: AppContext,
  staff: Staff,
  productId: number,
  imageId: number,
  alt: string,
  ip: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const image = await findImage(tx, productId, imageId);
    await tx.update(product_images).set({ alt }).where(eq(product_images.id, imageId));
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'image-alt',
      entity: 'product',
      entityId: productId,
      before: { image_id: imageId, alt: image.alt },
      after: { image_id: imageId, alt },
      ip,
    });
  });
  catalogueChanged(ctx, 'product_images');
}

export async function deleteProductImage(
  ctx: AppContext,
  staff: Staff,
  productId: number,
  imageId: number,
  ip: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const image = await ctx.db.transaction(async (tx) => {
    const found = await findImage(tx, productId, imageId);
    await tx.delete(product_images).where(eq(product_images.id, imageId));
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'image-delete',
      entity: 'product',
      entityId: productId,
      before: { image_id: imageId, url: found.url, alt: found.alt },
      ip,
    });
    return found;
  });
  catalogueChanged(ctx, 'product_images');
  await removeStoredUpload(ctx, image.url, log);
  if (image.card_url) await removeStoredUpload(ctx, image.card_url, log);
}

/**
 * Puts the product's pictures in the order given, which must name each of them once: a
 * list made before a picture was added or deleted elsewhere is refused, not half applied.
 */
export async function orderProductImages(
  ctx: AppContext,
  staff: Staff,
  productId: number,
  imageIds: number[],
  ip: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await findProduct(tx, productId, true);
    const current = await productImagesOf(tx, productId);
    const known = new Set(current.map((i) => i.id));
    if (
      imageIds.length !== known.size ||
      new Set(imageIds).size !== imageIds.length ||
      !imageIds.every((id) => known.has(id))
    ) {
      throw conflict(MSG.picturesChanged);
    }
    for (const [position, id] of imageIds.entries()) {
      await tx.update(product_images).set({ sort_order: position }).where(eq(product_images.id, id));
    }
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'image-order',
      entity: 'product',
      entityId: productId,
      before: { image_ids: current.map((i) => i.id) },
      after: { image_ids: imageIds },
      ip,
    });
  });
  catalogueChanged(ctx, 'product_images');
}
