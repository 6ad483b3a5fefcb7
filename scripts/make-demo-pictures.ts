import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { categorySvg, productSvg } from '../apps/server/src/seed/artwork.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../apps/server/src/seed/demo-catalogue.ts';
import {
  CARD_PICTURE_WIDTH,
  cardPictureKey,
  categoryPictureKey,
  DEMO_PICTURES_DIR,
  demoPictureKeys,
  PRODUCT_PICTURE_WIDTH,
  productPictureKey,
} from '../apps/server/src/seed/demo-pictures.ts';
import { CHROMIUM, ROOT } from './lib.ts';

/**
 * Draws the demo catalogue's pictures (seed/artwork.ts) and saves them as WebP, as a shop's
 * product photos are: raster files that the browser decodes off its main thread, where each
 * SVG picture would be a document of its own to parse, lay out and paint.
 * Run: node scripts/make-demo-pictures.ts
 */
const QUALITY = 0.82;

/** Each picture's drawing and the width it is saved at; the drawings are square or 4:1 banners. */
const pictures = new Map<string, { svg: string; width?: number }>([
  ...DEMO_CATEGORIES.map((c) => [categoryPictureKey(c.slug), { svg: categorySvg(c.name, c.hue) }] as const),
  ...DEMO_PRODUCTS.flatMap((p) =>
    Array.from({ length: p.images }, (_, view) => {
      const svg = productSvg(p, view);
      return [
        [productPictureKey(p, view), { svg, width: PRODUCT_PICTURE_WIDTH }] as const,
        // Drawn small rather than shrunk from the large one, so that its lines stay sharp.
        [cardPictureKey(p, view), { svg, width: CARD_PICTURE_WIDTH }] as const,
      ];
    }).flat(),
  ),
]);

rmSync(DEMO_PICTURES_DIR, { recursive: true, force: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
let bytes = 0;
for (const key of demoPictureKeys()) {
  const picture = pictures.get(key);
  if (!picture) throw new Error(`no drawing for ${key}`);
  const dataUrl = await page.evaluate(
    async ({ svg, width, quality }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      const scale = width ? width / image.naturalWidth : 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(image.naturalWidth * scale);
      canvas.height = Math.round(image.naturalHeight * scale);
      canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', quality);
    },
    { ...picture, quality: QUALITY },
  );
  if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`Chromium did not encode ${key} as WebP`);
  const file = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const target = path.join(DEMO_PICTURES_DIR, key);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, file);
  bytes += file.length;
}
await browser.close();
console.log(
  `wrote ${pictures.size} pictures, ${Math.round(bytes / 1024)} kB, under ${path.relative(ROOT, DEMO_PICTURES_DIR)}`,
);
