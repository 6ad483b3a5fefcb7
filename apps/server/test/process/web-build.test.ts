import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale, webBuildIsStale } from '../../../../scripts/lib.ts';
import { SSR_DIR } from '../../src/modules/web/server-render.ts';

const dist = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-web-build-')), 'dist');
afterAll(() => rmSync(path.dirname(dist), { recursive: true, force: true }));

const scripts = () =>
  readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(dist, 'assets', f), 'utf8'));

describe('the web build that npm start serves', () => {
  /** What Vite said while building, both builds (the browser's and the renderer's). */
  let said = '';

  // One build serves every check below: it is the slowest thing the suite does.
  beforeAll(async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      await buildWebIfStale(dist, { output: (text) => (said += text) });
    } finally {
      process.env.NODE_ENV = before;
    }
  }, 180_000);

  it('is a production build even when NODE_ENV=development', () => {
    const code = scripts().join('\n');
    expect(code.length).toBeGreaterThan(10_000);
    // React's development runtime and its JSX helper are compiled in only in development mode.
    expect(code).not.toContain('jsxDEV');
    expect(code).not.toContain('react-dom.development');
    // The public pages' renderer is built beside it.
    expect(readdirSync(path.join(dist, SSR_DIR)).length).toBeGreaterThan(0);
  });

  it('builds without a word from Vite: no warnings for a newcomer to wonder about', () => {
    expect(said).not.toMatch(/warn|postcss/i);
    expect(said.trim()).toBe('');
  });

  it('stamps its mode, so that the next start takes it as fresh, and a build of another mode is never fresh', () => {
    expect(webBuildIsStale(dist)).toBe(false);
    // A build that says another mode made it, or says nothing, is built again.
    const info = path.join(dist, 'build-info.json');
    writeFileSync(info, JSON.stringify({ mode: 'development' }));
    expect(webBuildIsStale(dist)).toBe(true);
    rmSync(info);
    expect(webBuildIsStale(dist)).toBe(true);
  });
});
