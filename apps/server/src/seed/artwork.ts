import type { DemoProduct } from './demo-catalogue.ts';

/**
 * Draws the demo catalogue's pictures as SVG, made here rather than downloaded.
 * scripts/make-demo-pictures.ts renders them to the WebP files under seed/pictures that the
 * seed stores: raster, as a shop's product photos are.
 */

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
const col = (hue: number, s: number, l: number) => `hsl(${hue} ${s}% ${l}%)`;

function wrap(label: string, max = 16): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(' ')) {
    if (`${line} ${word}`.trim().length > max && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

function caption(label: string, y: number, color: string) {
  return wrap(label)
    .map(
      (l, i) =>
        `<text x="400" y="${y + i * 44}" font-size="36" font-weight="700" text-anchor="middle" fill="${color}" font-family="DejaVu Sans, Arial, sans-serif">${esc(l)}</text>`,
    )
    .join('');
}

function planner(p: DemoProduct, view: number) {
  const c = col(p.hue, 62, 42);
  if (view === 1) {
    // An open spread: the weekly pages.
    const rows = Array.from(
      { length: 7 },
      (_, i) =>
        `<line x1="150" y1="${250 + i * 50}" x2="380" y2="${250 + i * 50}" stroke="#ced4da" stroke-width="3"/><line x1="420" y1="${250 + i * 50}" x2="650" y2="${250 + i * 50}" stroke="#ced4da" stroke-width="3"/>`,
    ).join('');
    return `<rect x="120" y="160" width="560" height="480" rx="18" fill="#fff" stroke="${c}" stroke-width="10"/>
      <line x1="400" y1="160" x2="400" y2="640" stroke="${c}" stroke-width="6" stroke-dasharray="14 10"/>
      <text x="265" y="220" font-size="30" font-weight="700" text-anchor="middle" fill="${c}" font-family="DejaVu Sans, Arial, sans-serif">Monday</text>
      <text x="535" y="220" font-size="30" font-weight="700" text-anchor="middle" fill="${c}" font-family="DejaVu Sans, Arial, sans-serif">Tuesday</text>${rows}`;
  }
  if (view === 2) {
    // The back cover with the sponsor panel.
    return `<rect x="200" y="120" width="400" height="560" rx="22" fill="${c}"/>
      <rect x="240" y="440" width="320" height="180" rx="14" fill="#fff"/>
      <text x="400" y="520" font-size="30" font-weight="700" text-anchor="middle" fill="#495057" font-family="DejaVu Sans, Arial, sans-serif">Proudly sponsored</text>
      <text x="400" y="565" font-size="26" text-anchor="middle" fill="#868e96" font-family="DejaVu Sans, Arial, sans-serif">by local businesses</text>`;
  }
  const rings = Array.from(
    { length: 11 },
    (_, i) => `<circle cx="222" cy="${160 + i * 48}" r="9" fill="#f1f3f5"/>`,
  ).join('');
  return `<rect x="200" y="120" width="400" height="560" rx="22" fill="${c}"/>
    <rect x="200" y="120" width="44" height="560" rx="16" fill="rgba(0,0,0,.18)"/>${rings}
    <circle cx="540" cy="190" r="34" fill="${col(p.hue, 80, 75)}"/>
    <rect x="270" y="260" width="280" height="150" rx="14" fill="#fff"/>
    ${caption(p.brand === 'Custom' ? 'Your District' : '2026–2027', 345, '#343a40')}
    ${caption(p.name.split('—')[0]?.trim() ?? p.name, 500, '#fff')}`;
}

function tag(p: DemoProduct) {
  const c = col(p.hue, 75, 50);
  return `<rect x="270" y="90" width="260" height="620" rx="40" fill="${c}"/>
    <rect x="355" y="120" width="90" height="36" rx="18" fill="#fff"/>
    <g transform="translate(400 330)"><rect x="-90" y="-40" width="180" height="70" rx="22" fill="#fff"/><circle cx="-50" cy="40" r="22" fill="#343a40"/><circle cx="50" cy="40" r="22" fill="#343a40"/><rect x="-50" y="-70" width="100" height="40" rx="14" fill="#fff"/></g>
    <text x="400" y="560" font-size="110" font-weight="800" text-anchor="middle" fill="#fff" font-family="DejaVu Sans, Arial, sans-serif">123</text>`;
}

function folder(p: DemoProduct, view: number) {
  const c = col(p.hue, 65, 45);
  const pocket = view === 1 ? 'Return to School' : 'Homework';
  return `<rect x="150" y="140" width="500" height="540" rx="20" fill="${c}"/>
    <path d="M150 470 L650 410 L650 680 L150 680 Z" fill="${col(p.hue, 65, 35)}"/>
    ${caption(pocket, 300, '#fff')}`;
}

function busTag(p: DemoProduct) {
  const c = col(p.hue, 70, 48);
  return `<rect x="230" y="200" width="340" height="460" rx="36" fill="${c}"/>
    <circle cx="400" cy="250" r="22" fill="#fff"/>
    <path d="M400 228 C 330 120, 470 120, 400 228" stroke="#868e96" stroke-width="10" fill="none"/>
    <g transform="translate(400 400)"><rect x="-110" y="-60" width="220" height="110" rx="20" fill="#ffd43b"/><rect x="-90" y="-45" width="60" height="40" fill="#fff"/><rect x="-15" y="-45" width="60" height="40" fill="#fff"/><circle cx="-60" cy="55" r="20" fill="#343a40"/><circle cx="60" cy="55" r="20" fill="#343a40"/></g>
    ${caption(p.name.replace(' Backpack Tag', '').split('—')[0]?.trim() ?? '', 560, '#fff')}`;
}

function ad(p: DemoProduct) {
  const c = col(p.hue, 60, 40);
  return `<rect x="140" y="140" width="520" height="520" rx="24" fill="#fff" stroke="${c}" stroke-width="12" stroke-dasharray="26 16"/>
    <text x="400" y="340" font-size="64" font-weight="800" text-anchor="middle" fill="${c}" font-family="DejaVu Sans, Arial, sans-serif">Your Ad</text>
    ${caption('Reach every family at your local school', 430, '#495057')}`;
}

/** One 800×800 picture of a product: view 0 is the main one. */
export function productSvg(p: DemoProduct, view: number): string {
  const body =
    p.art === 'planner'
      ? planner(p, view)
      : p.art === 'tag'
        ? tag(p)
        : p.art === 'folder'
          ? folder(p, view)
          : p.art === 'bus-tag'
            ? busTag(p)
            : ad(p);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><title>${esc(p.name)}</title><rect width="800" height="800" fill="${col(p.hue, 60, 95)}"/>${body}</svg>`;
}

/** A wide banner for a category page. */
export function categorySvg(name: string, hue: number): string {
  const dots = Array.from(
    { length: 14 },
    (_, i) =>
      `<circle cx="${80 + i * 90}" cy="${60 + ((i * 37) % 200)}" r="${14 + ((i * 7) % 20)}" fill="${col(hue, 70, 70)}" opacity=".5"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300"><title>${esc(name)}</title><rect width="1200" height="300" fill="${col(hue, 65, 38)}"/>${dots}</svg>`;
}
