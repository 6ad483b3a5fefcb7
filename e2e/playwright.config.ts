import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
// A port of this run's own, so that two runs on one machine do not meet; workers inherit it.
process.env.E2E_PORT ??= String(20_000 + (process.pid % 20_000));
const port = Number(process.env.E2E_PORT);
// One fresh database for the run; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
// The server's log lines, which every test reads for errors (support/watch-errors.ts).
process.env.E2E_SERVER_LOG ??= path.join(process.env.E2E_DATA_DIR, 'server.log');

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/**
 * Debian's headless Chromium (scripts/lib.ts ensureChromium installs it): the same engine
 * without the desktop browser's layers, a fifth less CPU a test.
 */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: chromiumArgs,
};
/**
 * The whole browser, for the tests tagged @whole-browser: its PDF viewer, and a pointer that
 * is not over the page until the test moves it (the headless build's is, and its first
 * layout is a visitor's first interaction).
 */
const wholeChromium = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs };

export default defineConfig({
  testDir: './tests',
  globalTeardown: './support/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails once has found a defect, in the product or in the test.
  retries: 0,
  failOnFlakyTests: true,
  reporter: [['list'], ['./support/every-project-runs.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace, without the screencast: recording every test's frames
    // cost a fifth of the run's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // The app's transitions are skipped, as for a visitor who asked for less motion: a test
    // waits for what a screen shows, not for its animations.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      grepInvert: /@phone-only|@whole-browser/,
    },
    {
      name: 'desktop-browser',
      use: { ...devices['Desktop Chrome'], launchOptions: wholeChromium },
      grep: /@whole-browser/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium }, grep: /@phone/ },
  ],
  webServer: {
    command: `exec node apps/server/src/main.ts >> '${process.env.E2E_SERVER_LOG}'`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 90_000,
    reuseExistingServer: false,
    // The server stops its own database on SIGTERM; a SIGKILL would leave PostgreSQL running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      // As behind one proxy: each test's X-Forwarded-For is its visitor's own address
      // (support/test.ts), so that the per-address limits count each test apart.
      TRUST_PROXY: '1',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
