import type { FullConfig, Suite } from '@playwright/test/reporter';
import { describe, expect, it } from 'vitest';
import EveryProjectRuns, { narrowed } from './every-project-runs.ts';

const config = (argv: string[], projects: string[]) =>
  ({ argv, filteredProjects: projects.map((name) => ({ name })) }) as unknown as FullConfig;
const suite = (counts: Record<string, number>) =>
  ({
    suites: Object.entries(counts).map(([name, count]) => ({
      project: () => ({ name }),
      allTests: () => Array.from({ length: count }),
    })),
  }) as unknown as Suite;

describe('EveryProjectRuns', () => {
  it('fails a whole run in which a project has no test', async () => {
    const reporter = new EveryProjectRuns();
    const said: string[] = [];
    reporter.report = (line) => said.push(line);
    reporter.onBegin(
      config(['node', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'], ['desktop', 'phone']),
      suite({ desktop: 200 }),
    );
    expect(await reporter.onEnd()).toEqual({ status: 'failed' });
    expect(said.join('\n')).toContain('phone');
  });

  it('lets a whole run pass when every project has tests', async () => {
    const reporter = new EveryProjectRuns();
    reporter.onBegin(config(['node', 'playwright', 'test'], ['desktop', 'phone']), suite({ desktop: 200, phone: 12 }));
    expect(await reporter.onEnd()).toBeUndefined();
  });

  it('leaves alone a run asked for some tests only', async () => {
    const reporter = new EveryProjectRuns();
    reporter.onBegin(
      config(['node', 'playwright', 'test', 'e2e/tests/admin.spec.ts'], ['desktop', 'phone']),
      suite({ desktop: 3 }),
    );
    expect(await reporter.onEnd()).toBeUndefined();
  });

  it('tells a narrowed run from a whole one', () => {
    expect(narrowed(['node', 'pw', 'test', '-c', 'e2e/playwright.config.ts'])).toBe(false);
    expect(narrowed(['node', 'pw', 'test', '--config=e2e/playwright.config.ts', '--workers', '2'])).toBe(false);
    expect(narrowed(['node', 'pw', 'test', '-c', 'x.ts', 'admin'])).toBe(true);
    expect(narrowed(['node', 'pw', 'test', '-g', 'sign in'])).toBe(true);
    expect(narrowed(['node', 'pw', 'test', '--last-failed'])).toBe(true);
  });
});
