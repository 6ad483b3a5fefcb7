import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The server runs as plain TypeScript on Node's type stripping; tests load it the same way.
    experimental: { viteModuleRunner: false },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          setupFiles: ['apps/server/test/setup/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/setup/global-setup.ts'],
          setupFiles: [
            'apps/server/test/setup/fail-on-console-error.ts',
            'apps/server/test/setup/fail-on-logged-error.ts',
          ],
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
