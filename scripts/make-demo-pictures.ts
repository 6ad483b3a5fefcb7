import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { categorySvg, productSvg } from '../apps/server/src/seed/artwork.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../apps/server/src/seed/demo-catalogue.ts';
import { DEMO_PICTURES_DIR, demoPictureKeys } from '../apps/server/src/seed/demo-pictures.ts';
import { CHROMIUM, ROOT } from './lib.ts';

/**
 * Draws the demo catalogue's pictures (seed/artwork.ts) and saves them as WebP, as a shop's
 * product photos are: raster files that the browser decodes off its main thread, where each
 * SVG picture would be a document of its own to parse, lay out and paint.
 * Run: node scripts/make-demo-pictures.ts
 */
const QUALITY = 0.82;

const svgs = new Map<string, string>([
  ...DEMO_CATEGORIES.map((c) => [`categories/${c.slug}`, categorySvg(c.name, c.hue)] as const),
  ...DEMO_PRODUCTS.flatMap((p) =>
    Array.from({ length: p.images }, (_, view) => [`products/${p.slug}-${view + 1}`, productSvg(p, view)] as const),
  ),
]);

rmSync(DEMO_PICTURES_DIR, { recursive: true, force: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
let bytes = 0;
for (const key of demoPictureKeys()) {
  const svg = svgs.get(key.replace(/\.webp$/, ''));
  if (!svg) throw new Error(`no drawing for ${key}`);
  const dataUrl = await page.evaluate(
    async ({ svg, quality }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', quality);
    },
    { svg, quality: QUALITY },
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
  `wrote ${svgs.size} pictures, ${Math.round(bytes / 1024)} kB, under ${path.relative(ROOT, DEMO_PICTURES_DIR)}`,
);
