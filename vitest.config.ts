import { defineConfig } from 'vitest/config';

const NEVER = ['**/node_modules/**', '**/dist/**'];

/**
 * Which test files each project collects. A test file must fall in exactly one of them:
 * `scripts/test-collection.test.ts` checks every `*.test.ts(x)` of the repository against
 * these very patterns, so that no test is left out silently. Playwright's `e2e/tests/` is not
 * vitest's (its files are `*.spec.ts`).
 */
export const TEST_FILES = {
  /** Everything that runs in Node and needs no database: packages, server modules, scripts, bench, e2e's support. */
  unit: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: [...NEVER, 'e2e/tests/**', 'apps/server/test/**', 'apps/web/**'],
  },
  /** The web app, in a simulated browser. */
  web: { include: ['apps/web/**/*.test.ts', 'apps/web/**/*.test.tsx'], exclude: NEVER },
  /** The server against a real PostgreSQL, and as a process. */
  integration: { include: ['apps/server/test/**/*.test.ts', 'apps/server/test/**/*.test.tsx'], exclude: NEVER },
} as const satisfies Record<string, { include: readonly string[]; exclude: readonly string[] }>;

const FAIL_ON_CONSOLE_ERROR = 'apps/server/test/setup/fail-on-console-error.ts';

export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest's default is one fewer than the cores):
    // a file spends much of its time waiting (for PostgreSQL, for its imports), and two run
    // the unit step in 31 s instead of 50 and the integration step in 250 instead of 350.
    maxWorkers: 2,
    // Projects say how they load code; this is what the others (global setup) get.
    experimental: { viteModuleRunner: false },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [...TEST_FILES.unit.include],
          exclude: [...TEST_FILES.unit.exclude],
          // The server runs as plain TypeScript on Node's type stripping; tests load it the same way.
          experimental: { viteModuleRunner: false },
          setupFiles: [FAIL_ON_CONSOLE_ERROR],
          // No file mocks a module or keeps state in one: loading the modules once per worker
          // instead of once per file saves a third of the step.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          // happy-dom rather than jsdom: fewer dependencies and a faster start, and
          // these tests need events and the DOM, not layout (decision 026).
          environment: 'happy-dom',
          include: [...TEST_FILES.web.include],
          exclude: [...TEST_FILES.web.exclude],
          // The web app is built by Vite (JSX, CSS imports, import.meta.glob); its tests load it the same way.
          experimental: { viteModuleRunner: true },
          setupFiles: [FAIL_ON_CONSOLE_ERROR, 'apps/web/src/test-support/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: [...TEST_FILES.integration.include],
          exclude: [...TEST_FILES.integration.exclude],
          experimental: { viteModuleRunner: false },
          globalSetup: ['apps/server/test/setup/global-setup.ts'],
          setupFiles: [FAIL_ON_CONSOLE_ERROR, 'apps/server/test/setup/fail-on-logged-error.ts'],
          // Every file builds its own app on its own database, so no state lives in modules;
          // loading the server's module graph once per worker instead of once per file
          // halves the run.
          isolate: false,
          // Each file boots a whole server (database copy, job queue, caches).
          hookTimeout: 30_000,
          testTimeout: 15_000,
        },
      },
    ],
  },
});
