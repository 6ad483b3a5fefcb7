import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildWeb,
  buildWebIfStale,
  ROOT,
  VITE_BUILD_ENV,
  viteBuildArgs,
  webBuildIsStale,
} from '../../../../scripts/lib.ts';

const dist = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-web-build-')), 'dist');
afterAll(() => rmSync(path.dirname(dist), { recursive: true, force: true }));

const scripts = () =>
  readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(dist, 'assets', f), 'utf8'));

describe('the web build that npm start serves', () => {
  it('is a production build even when NODE_ENV=development, and a build of another mode is never fresh', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      await buildWebIfStale(dist);
    } finally {
      process.env.NODE_ENV = before;
    }
    const code = scripts().join('\n');
    expect(code.length).toBeGreaterThan(10_000);
    // React's development runtime and its JSX helper are compiled in only in development mode.
    expect(code).not.toContain('jsxDEV');
    expect(code).not.toContain('react-dom.development');
    expect(webBuildIsStale(dist)).toBe(false);

    // A build that says another mode made it, or says nothing, is built again.
    const info = path.join(dist, 'build-info.json');
    writeFileSync(info, JSON.stringify({ mode: 'development' }));
    expect(webBuildIsStale(dist)).toBe(true);
    rmSync(info);
    expect(webBuildIsStale(dist)).toBe(true);
  }, 180_000);

  it('stamps its mode, so that the next start takes it as fresh', async () => {
    await buildWeb(dist);
    expect(webBuildIsStale(dist)).toBe(false);
  }, 180_000);

  it('builds without a word from Vite: no warnings for a newcomer to wonder about', () => {
    const quietDist = path.join(path.dirname(dist), 'quiet');
    const args = viteBuildArgs(quietDist);
    for (const build of [args.browser, args.renderer]) {
      const bin = path.join(ROOT, 'node_modules/.bin');
      const result = spawnSync(path.join(bin, 'vite'), build, {
        cwd: ROOT,
        encoding: 'utf8',
        // Vite runs on the project's own Node, as `npm run build` runs it.
        env: { ...process.env, ...VITE_BUILD_ENV, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
      });
      expect(result.status, result.stderr).toBe(0);
      const said = `${result.stdout}${result.stderr}`.trim();
      expect(said).not.toMatch(/warn|postcss/i);
      expect(said).toBe('');
    }
  }, 180_000);
});
