import type { product_images } from '../../db/schema/index.ts';

/** Where the storage's files are served (modules/web/uploads.ts). */
export const UPLOADS_URL = '/uploads';

/** The width of the product pictures the site shows, and of their small copies for product cards. */
export const PRODUCT_PICTURE_WIDTH = 800;
export const CARD_PICTURE_WIDTH = 400;

/** A stored file's address on the site. */
export const uploadUrl = (key: string) => `${UPLOADS_URL}/${key}`;

/** A product picture as it is stored: its key and size, and its small copy for cards when it has one. */
export interface StoredPicture {
  key: string;
  width: number;
  height: number;
  card?: { key: string; width: number } | undefined;
}

/**
 * The row of a product's picture, for the seed's pictures and for those staff upload
 * alike: the addresses the site serves them at, their size (which the pages reserve
 * before the picture arrives) and, when there is one, the small copy that cards load.
 */
export function productPictureRow(
  productId: number,
  picture: StoredPicture,
  alt: string,
  sortOrder: number,
): typeof product_images.$inferInsert {
  return {
    product_id: productId,
    url: uploadUrl(picture.key),
    width: picture.width,
    height: picture.height,
    card_url: picture.card ? uploadUrl(picture.card.key) : '',
    card_width: picture.card?.width ?? 0,
    alt,
    sort_order: sortOrder,
  };
}
