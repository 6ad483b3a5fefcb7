import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';

/**
 * What the server's log and the browser said went wrong while a test ran. Every uncaught
 * page error, every console.error of the app and every error-level line the server logged
 * fails the test that was running, unless the test expects it by name.
 */

/** The e2e server's standard output, where its JSON log lines go (set by the config). */
export const serverLogFile = () => process.env.E2E_SERVER_LOG ?? '';
/** The error lines some test has already answered for; the teardown looks for the rest. */
export const seenErrorsFile = () => `${serverLogFile()}.seen`;

/** Chromium's own note of a refused request: the app shows the refusal; it is not an error of the page. */
const NETWORK_NOTE = /^Failed to load resource: the server responded with a status of \d+/;

/** Notes every uncaught error and console.error of the context's pages into `problems`. */
export function watchContext(context: BrowserContext, problems: string[]): void {
  context.on('weberror', (error) => problems.push(`uncaught page error: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() === 'error' && !NETWORK_NOTE.test(message.text())) {
      problems.push(`console.error in the page: ${message.text()}`);
    }
  });
}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** pino's error (50) and fatal (60) lines among `text`. */
export function errorLines(text: string): string[] {
  return text.split('\n').filter((line) => /^\{"level":[56]\d[,}]/.test(line));
}

/** Marks the server log's current end; the returned function reads the error lines written since. */
export function watchServerLog(): () => string[] {
  const file = serverLogFile();
  const from = sizeOf(file);
  return () => {
    const to = sizeOf(file);
    if (!file || to <= from) return [];
    const lines = errorLines(readFileSync(file).subarray(from, to).toString('utf8'));
    if (lines.length) appendFileSync(seenErrorsFile(), `${lines.join('\n')}\n`);
    return lines;
  };
}

/** The problems not matched by one of `expected`; each expectation must match at least one. */
export function unexpected(problems: string[], expected: RegExp[]): string[] {
  const left = problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
  const unmet = expected.filter((pattern) => !problems.some((problem) => pattern.test(problem)));
  return [...left, ...unmet.map((pattern) => `expected an error matching ${pattern}, and none came`)];
}
