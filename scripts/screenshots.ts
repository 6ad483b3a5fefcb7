import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, ROOT } from './lib.ts';

/**
 * Screenshots of the given pages at desktop and phone widths, for looking at what a
 * change did: node scripts/screenshots.ts http://localhost:3000 / /about …
 * Pictures go to .data/screenshots/.
 */
const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const out = path.join(ROOT, '.data/screenshots');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
    const name = `${label}-${p.replace(/[^\w]+/g, '_') || 'home'}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join('.data/screenshots', name));
  }
  await page.close();
}
await browser.close();
