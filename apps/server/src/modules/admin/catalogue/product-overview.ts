import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { products } from '../../../db/schema/index.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';
import { catalogueChanged } from './catalogue-change.ts';
import { findProduct } from './find-product.ts';
import { newUploadKey, recordStored, removeStoredUpload, storeUpload } from './stored-upload.ts';

/**
 * Gives a product a new overview PDF (bytes already checked to be one), or none (`bytes`
 * null). The product page shows its button only with a PDF and include_overview_btn 1.
 */
export async function setProductOverview(
  ctx: AppContext,
  staff: Staff,
  productId: number,
  bytes: Buffer | null,
  ip: string,
  log: FastifyBaseLogger,
): Promise<string> {
  await findProduct(ctx.db, productId);
  const key = bytes ? newUploadKey('overviews', productId, 'pdf') : undefined;
  const url = bytes && key ? await storeUpload(ctx, key, bytes, 'application/pdf') : '';
  const before = await recordStored(ctx, key ? [key] : [], () =>
    ctx.db.transaction(async (tx) => {
      const product = await findProduct(tx, productId, true);
      await tx.update(products).set({ overview_pdf: url }).where(eq(products.id, productId));
      await recordChange(tx, {
        actorId: staff.userId,
        action: bytes ? 'overview' : 'overview-remove',
        entity: 'product',
        entityId: productId,
        before: { overview_pdf: product.overview_pdf },
        after: { overview_pdf: url },
        ip,
      });
      return product.overview_pdf;
    }),
  );
  catalogueChanged(ctx, 'products');
  await removeStoredUpload(ctx, before, log);
  return url;
}
