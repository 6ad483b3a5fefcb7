import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue.ts';

/** Where the demo catalogue's pictures are kept, drawn by scripts/make-demo-pictures.ts. */
export const DEMO_PICTURES_DIR = path.join(import.meta.dirname, 'pictures');

/** The storage key of a category's banner. */
export const categoryPictureKey = (slug: string) => `categories/${slug}.webp`;

/** The demo's pictures are drawn at the widths the site shows staff's uploads at. */
export { CARD_PICTURE_WIDTH, PRODUCT_PICTURE_WIDTH } from '../modules/catalogue/product-picture.ts';

/** The storage key of one of a product's pictures; view 0 is the main one. */
export const productPictureKey = (p: Pick<DemoProduct, 'slug'>, view: number) => `products/${p.slug}-${view + 1}.webp`;

/** The storage key of a product picture's copy for cards. */
export const cardPictureKey = (p: Pick<DemoProduct, 'slug'>, view: number) =>
  `products/${p.slug}-${view + 1}-card.webp`;

/** Every picture the demo catalogue shows, as storage keys, which are also their paths under DEMO_PICTURES_DIR. */
export function demoPictureKeys(): string[] {
  return [
    ...DEMO_CATEGORIES.map((c) => categoryPictureKey(c.slug)),
    ...DEMO_PRODUCTS.flatMap((p) =>
      Array.from({ length: p.images }, (_, view) => [productPictureKey(p, view), cardPictureKey(p, view)]).flat(),
    ),
  ];
}

/** A demo picture's file. */
export function readDemoPicture(key: string): Promise<Buffer> {
  return readFile(path.join(DEMO_PICTURES_DIR, key));
}
