import { describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-catalogue.ts';
import {
  CARD_PICTURE_WIDTH,
  cardPictureKey,
  demoPictureKeys,
  PRODUCT_PICTURE_WIDTH,
  productPictureKey,
  readDemoPicture,
} from './demo-pictures.ts';

/** A lossy or lossless WebP's canvas size, from its first frame's header. */
function webpSize(file: Buffer): { width: number; height: number } | undefined {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WEBP') return undefined;
  const chunk = file.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
  return undefined;
}

describe('the demo pictures', () => {
  it('are one per category and two per product view: the picture and its copy for cards', () => {
    const views = DEMO_PRODUCTS.reduce((sum, p) => sum + p.images, 0);
    expect(new Set(demoPictureKeys()).size).toBe(DEMO_CATEGORIES.length + 2 * views);
  });

  it('are WebP files, products and their card copies square at the widths the catalogue records, banners 1200 × 300', async () => {
    const sizes = new Map<string, number>(
      DEMO_PRODUCTS.flatMap((p) =>
        Array.from({ length: p.images }, (_, view) => [
          [productPictureKey(p, view), PRODUCT_PICTURE_WIDTH] as const,
          [cardPictureKey(p, view), CARD_PICTURE_WIDTH] as const,
        ]).flat(),
      ),
    );
    for (const key of demoPictureKeys()) {
      const size = webpSize(await readDemoPicture(key));
      const width = sizes.get(key);
      expect(size, key).toEqual(width ? { width, height: width } : { width: 1200, height: 300 });
    }
  });
});
