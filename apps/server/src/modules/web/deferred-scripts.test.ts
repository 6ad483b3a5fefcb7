import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, BOOT_SCRIPT_SOURCE, deferScripts } from './deferred-scripts.ts';

const page = `<!doctype html>
<html lang="en">
  <head>
    <title>Products</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <style data-href="/assets/index-1.css">body{margin:0}</style><link rel="stylesheet" href="/assets/index-1.css" disabled>
    <link rel="modulepreload" crossorigin href="/assets/products-1.js">
  </head>
  <body>
    <div id="root"><h1>All Products</h1></div><script id="app-state" type="application/json">{}</script>
  </body>
</html>`;

describe('deferScripts', () => {
  const deferred = deferScripts(page);
  const head = deferred.slice(0, deferred.indexOf('</head>'));

  it('takes the entry script and the module preloads out of the head, keeping the styles', () => {
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<style data-href="/assets/index-1.css">body{margin:0}</style>');
    expect(deferred).toContain('<div id="root"><h1>All Products</h1></div>');
  });

  it('lists them, the entry first, for the boot script at the end of the body', () => {
    const list = /<script id="app-scripts" type="application\/json">(.*?)<\/script>/.exec(deferred)?.[1];
    expect(JSON.parse(list ?? 'null')).toEqual(['/assets/index-1.js', '/assets/react-1.js', '/assets/products-1.js']);
    expect(deferred).toMatch(
      new RegExp(
        `<script id="app-scripts"[^>]*>[^<]*</script><script type="module">${escapeRegExp(BOOT_SCRIPT)}</script>\\s*</body>`,
      ),
    );
  });

  it('leaves a page without the entry script as it is', () => {
    const plain = '<html><head></head><body><p>The web app has not been built.</p></body></html>';
    expect(deferScripts(plain)).toBe(plain);
  });

  it("gives the security policy the boot script's own hash", () => {
    const digest = createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64');
    expect(BOOT_SCRIPT_SOURCE).toBe(`'sha256-${digest}'`);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
