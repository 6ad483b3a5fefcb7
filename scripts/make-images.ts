import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, ROOT } from './lib.ts';

/**
 * Draws the site's illustrations and social cards (600×600 PNG) with the local Chromium,
 * so that no image is downloaded at run time. Run: node scripts/make-images.ts
 */
const OUT = path.join(ROOT, 'apps/web/public/images');

const planner = (x: number, y: number, rot: number, color: string, label: string) => `
  <g transform="translate(${x} ${y}) rotate(${rot})">
    <rect x="-70" y="-95" width="140" height="190" rx="12" fill="${color}"/>
    <rect x="-70" y="-95" width="18" height="190" rx="6" fill="rgba(0,0,0,.18)"/>
    ${Array.from({ length: 8 }, (_, i) => `<circle cx="-61" cy="${-80 + i * 22}" r="4" fill="#f1f3f5"/>`).join('')}
    <rect x="-44" y="-62" width="108" height="40" rx="6" fill="#fff"/>
    <text x="8" y="-36" font-size="14" font-weight="700" text-anchor="middle" fill="#343a40" font-family="DejaVu Sans">${label}</text>
    <path d="M-34 10h84M-34 30h84M-34 50h60" stroke="rgba(255,255,255,.7)" stroke-width="6" stroke-linecap="round"/>
  </g>`;

const aboutSvg = `
<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e7f5ff"/><stop offset="1" stop-color="#c5f6fa"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <circle cx="470" cy="120" r="70" fill="#ffe066"/>
  <rect x="60" y="420" width="480" height="26" rx="8" fill="#b08968"/>
  <rect x="90" y="446" width="20" height="110" fill="#9c6644"/><rect x="490" y="446" width="20" height="110" fill="#9c6644"/>
  ${planner(190, 320, -8, '#1864ab', '2026–27')}
  ${planner(330, 300, 4, '#e8590c', 'PLANNER')}
  ${planner(450, 335, 12, '#2f9e44', 'HOMEWORK')}
  <g transform="translate(120 180)"><rect width="90" height="120" rx="10" fill="#f59f00"/><rect x="20" y="-14" width="50" height="24" rx="8" fill="#f59f00"/><rect x="14" y="30" width="62" height="36" rx="4" fill="#fff"/><text x="45" y="54" font-size="14" font-weight="700" text-anchor="middle" fill="#343a40" font-family="DejaVu Sans">BUS 12</text></g>
</svg>`;

const socialSvg = (title: string, subtitle: string, accent: string) => `
<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1864ab"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <g transform="translate(60 70) scale(1.6)"><rect width="64" height="64" rx="14" fill="#fff"/><path d="M18 16h22a6 6 0 0 1 6 6v26H24a6 6 0 0 1-6-6z" fill="#1864ab"/><path d="M24 24h16M24 31h16M24 38h10" stroke="#fff" stroke-width="3" stroke-linecap="round"/></g>
  <text x="60" y="300" font-size="50" font-weight="800" fill="#fff" font-family="DejaVu Sans">${title}</text>
  <foreignObject x="60" y="330" width="480" height="200"><div xmlns="http://www.w3.org/1999/xhtml" style="font:28px 'DejaVu Sans';color:#e7f5ff;line-height:1.35">${subtitle}</div></foreignObject>
  <text x="60" y="550" font-size="22" fill="#d0ebff" font-family="DejaVu Sans">schoolplannersavings.com</text>
</svg>`;

const images: Record<string, string> = {
  'about.png': aboutSvg,
  'social-default.png': socialSvg('School Planner', 'Sponsored student planners and school supplies.', '#0b7285'),
  'social/home.png': socialSvg(
    'School Planner',
    'Planners and supplies for every student, sponsored by local businesses.',
    '#0c8599',
  ),
  'social/about.png': socialSvg(
    'About Us',
    'Two decades of local sponsors helping schools, since our 2003 pilot.',
    '#5f3dc4',
  ),
  'social/contact.png': socialSvg(
    'Contact Us',
    'Questions about planners, sponsorships or an order? We are here to help.',
    '#2b8a3e',
  ),
};

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 600, height: 600 } });
for (const [file, svg] of Object.entries(images)) {
  const target = path.join(OUT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({ path: target, clip: { x: 0, y: 0, width: 600, height: 600 } });
  console.log(`wrote ${path.relative(ROOT, target)}`);
}
await browser.close();
