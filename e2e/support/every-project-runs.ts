import type { FullConfig, FullResult, Reporter, Suite } from '@playwright/test/reporter';

/**
 * Fails the run when a project has no test to run: a project selected by a tag (the phone
 * project runs what carries @phone) would otherwise pass having proved nothing. A run that
 * was asked for some tests only (a file, a grep) is left alone.
 */
/** Options that choose some tests only; a file or folder named on the command line does too. */
const CHOOSING = new Set(['-g', '--grep', '--grep-invert', '--last-failed', '--only-changed', '--test-list']);
const WITH_VALUE = new Set(['-c', '--config', '--project', '--reporter', '-j', '--workers', '--timeout', '--output']);

export function narrowed(argv: string[]): boolean {
  const args = argv.slice(argv.indexOf('test') + 1);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const name = arg.split('=')[0] as string;
    if (CHOOSING.has(name)) return true;
    if (WITH_VALUE.has(name)) {
      if (!arg.includes('=')) i++;
    } else if (!arg.startsWith('-')) return true;
  }
  return false;
}

export default class EveryProjectRuns implements Reporter {
  #empty: string[] = [];
  /** Where the refusal is told. */
  report: (line: string) => void = (line) => process.stderr.write(`${line}\n`);

  onBegin(config: FullConfig, suite: Suite): void {
    if (narrowed(config.argv)) return;
    const counts = new Map(config.filteredProjects.map((project) => [project.name, 0]));
    for (const project of suite.suites) {
      const name = project.project()?.name;
      if (name !== undefined) counts.set(name, project.allTests().length);
    }
    this.#empty = [...counts].filter(([, count]) => count === 0).map(([name]) => name);
  }

  async onEnd(): Promise<{ status: FullResult['status'] } | undefined> {
    if (this.#empty.length === 0) return undefined;
    this.report(`No tests ran in project(s): ${this.#empty.join(', ')}.`);
    return { status: 'failed' };
  }

  printsToStdio(): boolean {
    return false;
  }
}
