import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB = path.join(ROOT, 'apps/web');

/** Runs a command in the project root with node_modules/.bin first on PATH; resolves to its exit code. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: options.quiet ? 'ignore' : 'inherit',
      env: { ...process.env, ...options.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The web build is stale when any web or contracts source is newer than dist/index.html. */
export function webBuildIsStale(): boolean {
  const built = path.join(WEB, 'dist/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return Math.max(newestMtime(WEB), newestMtime(path.join(ROOT, 'packages/contracts/src'))) > builtAt;
}

export async function buildWebIfStale(): Promise<void> {
  if (!webBuildIsStale()) return;
  console.log('Building the web app…');
  const code = await run('vite', ['build', 'apps/web', '--logLevel', 'warn']);
  if (code !== 0) throw new Error('The web build failed.');
}

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium for the end-to-end tests: installed when missing and possible (root on Debian). */
export function ensureChromium(): { ok: true } | { ok: false; why: string } {
  if (existsSync(CHROMIUM)) return { ok: true };
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    return {
      ok: false,
      why: `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium  (Debian/Ubuntu)`,
    };
  }
  console.log('Installing Chromium (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0 || !existsSync(CHROMIUM)) {
    return { ok: false, why: 'apt-get could not install chromium; install it by hand: apt-get install -y chromium' };
  }
  return { ok: true };
}
