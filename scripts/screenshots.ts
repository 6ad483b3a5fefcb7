import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, ROOT } from './lib.ts';

/**
 * Screenshots of the given pages at desktop and phone widths, for looking at what a
 * change did: node scripts/screenshots.ts http://localhost:3000 / /about …
 * `--as school` or `--as sponsor` signs in as the demo account first.
 * Pictures go to .data/screenshots/.
 */
const argv = process.argv.slice(2);
const asIndex = argv.indexOf('--as');
const signInAs = asIndex >= 0 ? argv.splice(asIndex, 2)[1] : undefined;
const [base = 'http://localhost:3000', ...paths] = argv;

async function demoToken(usertype: 4 | 5): Promise<string> {
  const page = await fetch(`${base}/`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({
      username: usertype === 4 ? 'school@example.com' : 'sponsor@example.com',
      password: 'password123',
      usertype,
    }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`sign-in failed: ${body.message}`);
  return body.token;
}
const session = signInAs
  ? { token: await demoToken(signInAs === 'sponsor' ? 5 : 4), usertype: signInAs === 'sponsor' ? 5 : 4 }
  : undefined;
const out = path.join(ROOT, '.data/screenshots');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  if (session) {
    await page.addInitScript((s) => {
      localStorage.setItem('isLoggedIn', 'true');
      localStorage.setItem('token', s.token);
      localStorage.setItem('usertype', String(s.usertype));
    }, session);
  }
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
    const name = `${label}-${signInAs ? `${signInAs}-` : ''}${p.replace(/[^\w]+/g, '_') || 'home'}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join('.data/screenshots', name));
  }
  await page.close();
}
await browser.close();
