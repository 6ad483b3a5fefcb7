import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompressDir } from '../apps/server/src/modules/web/precompress.ts';
import { SSR_DIR } from '../apps/server/src/modules/web/server-render.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB = path.join(ROOT, 'apps/web');

export const BIN = path.join(ROOT, 'node_modules/.bin');

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** Nothing the command says is shown. */
  quiet?: boolean;
  /** What the command says (stdout and stderr) goes here instead of to the terminal. */
  output?: (text: string) => void;
}

/** Runs a command in the project root with node_modules/.bin first on PATH; resolves to its exit code. */
export function run(command: string, args: string[], options: RunOptions = {}) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: options.quiet ? 'ignore' : options.output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`, ...options.env },
    });
    const { output } = options;
    if (output) {
      child.stdout?.on('data', (chunk: Buffer) => output(chunk.toString('utf8')));
      child.stderr?.on('data', (chunk: Buffer) => output(chunk.toString('utf8')));
    }
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

export const WEB_DIST = path.join(WEB, 'dist');
/** Written after a build: which mode made it. A build in another mode is never taken as fresh. */
const BUILD_INFO = 'build-info.json';
/** Every build the server serves is a production one, whatever NODE_ENV the shell has. */
const BUILD_MODE = 'production';

/**
 * The web build is stale when it was not made in production mode, or when any web or
 * contracts source, or the lock file, is newer than it.
 */
export function webBuildIsStale(dist: string = WEB_DIST): boolean {
  const info = path.join(dist, BUILD_INFO);
  if (!existsSync(info) || !existsSync(path.join(dist, 'index.html'))) return true;
  let mode: unknown;
  try {
    mode = (JSON.parse(readFileSync(info, 'utf8')) as { mode?: unknown }).mode;
  } catch {
    return true;
  }
  if (mode !== BUILD_MODE) return true;
  const builtAt = statSync(info).mtimeMs;
  const sources = Math.max(
    newestMtime(WEB),
    newestMtime(path.join(ROOT, 'packages/contracts/src')),
    statSync(path.join(ROOT, 'package-lock.json')).mtimeMs,
  );
  return sources > builtAt;
}

/** The two Vite builds of the web app: the browser's, then the public pages' server-side renderer. */
function viteBuildArgs(dist: string): { browser: string[]; renderer: string[] } {
  const common = ['build', 'apps/web', '--mode', BUILD_MODE, '--emptyOutDir', '--logLevel', 'warn'];
  return {
    browser: [...common, '--outDir', dist],
    // Beside the files it describes.
    renderer: [...common, '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, SSR_DIR)],
  };
}

/** Vite compiles React's development runtime in when NODE_ENV says development. */
const VITE_BUILD_ENV = { NODE_ENV: BUILD_MODE };

/** How a build speaks: Vite's own words go to `output` when given, else to the terminal. */
export interface BuildOptions {
  output?: (text: string) => void;
}

/** Builds the web app for production into `dist`. */
export async function buildWeb(dist: string = WEB_DIST, options: BuildOptions = {}): Promise<void> {
  rmSync(path.join(dist, BUILD_INFO), { force: true });
  const args = viteBuildArgs(dist);
  const vite = { env: VITE_BUILD_ENV, ...(options.output ? { output: options.output } : {}) };
  const code = await run('vite', args.browser, vite);
  if (code !== 0) throw new Error('The web build failed.');
  const compressed = precompressDir(dist);
  const ssr = await run('vite', args.renderer, vite);
  if (ssr !== 0) throw new Error('The build of the server-side renderer failed.');
  console.log(
    `Compressed ${compressed.files} files: ${Math.round(compressed.bytes / 1024)} kB, ${Math.round(compressed.brotliBytes / 1024)} kB with brotli.`,
  );
  writeFileSync(
    path.join(dist, BUILD_INFO),
    `${JSON.stringify({ mode: BUILD_MODE, builtAt: new Date().toISOString() })}\n`,
  );
}

export async function buildWebIfStale(dist: string = WEB_DIST, options: BuildOptions = {}): Promise<void> {
  if (!webBuildIsStale(dist)) return;
  console.log('Building the web app…');
  await buildWeb(dist, options);
}

export const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's headless build of the same Chromium, without the desktop browser's window
 * layers: the end-to-end tests run in it (it costs them a fifth less CPU than the full browser).
 */
export const CHROMIUM_HEADLESS = '/usr/bin/chromium-headless-shell';
const CHROMIUM_PACKAGES = ['chromium', 'chromium-headless-shell', 'fonts-dejavu-core'];

/** Debian's Chromium for the end-to-end tests: installed when missing and possible (root on Debian). */
export async function ensureChromium(
  output: (text: string) => void = (text) => process.stdout.write(text),
): Promise<{ ok: true } | { ok: false; why: string }> {
  if (existsSync(CHROMIUM) && existsSync(CHROMIUM_HEADLESS)) return { ok: true };
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  const byHand = `apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`;
  if (!isRoot || !hasApt) {
    return {
      ok: false,
      why: `Chromium is missing at ${CHROMIUM} or ${CHROMIUM_HEADLESS}. Install it with: sudo ${byHand}  (Debian/Ubuntu)`,
    };
  }
  output(`Installing Chromium (${byHand})…\n`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env, output });
  const status = await run('apt-get', ['install', '-y', '-qq', ...CHROMIUM_PACKAGES], { env, output });
  if (status !== 0 || !existsSync(CHROMIUM) || !existsSync(CHROMIUM_HEADLESS)) {
    return { ok: false, why: `apt-get could not install Chromium; install it by hand: ${byHand}` };
  }
  return { ok: true };
}
