import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config, { TEST_FILES } from '../vitest.config.ts';

/**
 * A test file no project collects never runs, and nothing says so. Every `*.test.ts(x)` of
 * the repository (committed or not yet, outside what git ignores) must fall in exactly one
 * project, and `npm test` must run every project.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
type Project = keyof typeof TEST_FILES;

function projectsOf(file: string): Project[] {
  return (Object.keys(TEST_FILES) as Project[]).filter((name) => {
    const { include, exclude } = TEST_FILES[name];
    return include.some((glob) => matchesGlob(file, glob)) && !exclude.some((glob) => matchesGlob(file, glob));
  });
}

function testFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.test.ts', '*.test.tsx'],
    { cwd: root, encoding: 'utf8' },
  );
  return listed.split('\n').filter(Boolean);
}

describe('test collection', () => {
  it('collects every test file of the repository in exactly one project', () => {
    const files = testFiles();
    expect(files).toContain('scripts/test-collection.test.ts');
    const strays = files
      .map((file) => ({ file, projects: projectsOf(file) }))
      .filter(({ projects }) => projects.length !== 1);
    expect(strays).toEqual([]);
  });

  it('finds these files as the projects would: a file of each project falls in it alone', () => {
    expect(projectsOf('packages/contracts/src/money.test.ts')).toEqual(['unit']);
    expect(projectsOf('scripts/some-tool.test.ts')).toEqual(['unit']);
    expect(projectsOf('apps/web/src/lib/some-hook.test.tsx')).toEqual(['web']);
    expect(projectsOf('apps/server/test/api/orders.test.ts')).toEqual(['integration']);
    expect(projectsOf('apps/web/node_modules/some-package/index.test.ts')).toEqual([]);
  });

  it('gives the config its projects from these patterns', () => {
    const projects = (config.test?.projects ?? []).map((project) => {
      if (typeof project !== 'object' || !('test' in project)) throw new Error('a project not written inline');
      const { name, include, exclude } = project.test ?? {};
      return { name, include, exclude };
    });
    expect(projects).toEqual(
      Object.entries(TEST_FILES).map(([name, { include, exclude }]) => ({
        name,
        include: [...include],
        exclude: [...exclude],
      })),
    );
  });

  it('has npm test run every project', () => {
    const script = readFileSync(new URL('test.ts', import.meta.url), 'utf8');
    const notRun = Object.keys(TEST_FILES).filter((name) => !script.includes(`'--project', '${name}'`));
    expect(notRun).toEqual([]);
  });
});
