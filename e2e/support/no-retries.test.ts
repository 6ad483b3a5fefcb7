import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config.ts';

describe('a test that fails once', () => {
  it('fails the end-to-end run: no retry, and a flaky test fails it too', async () => {
    // The config makes a data folder unless one is given; this one is never created.
    process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), 'portal-e2e-config-read');
    const { default: config } = await import('../playwright.config.ts');
    expect(config.retries).toBe(0);
    expect(config.failOnFlakyTests).toBe(true);
    for (const project of config.projects ?? []) expect(project.retries ?? 0).toBe(0);
  });

  it('fails the vitest run: no project retries', () => {
    expect(vitestConfig.test?.retry ?? 0).toBe(0);
    for (const project of vitestConfig.test?.projects ?? []) {
      if (typeof project === 'object' && 'test' in project) expect(project.test?.retry ?? 0).toBe(0);
    }
  });
});
