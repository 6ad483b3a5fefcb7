import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { beginFile, beginTest, endFile, endTest } from '../helpers/logged-errors.ts';

/**
 * An error the server logs is a failure even when its answer looked right: a route that
 * failed after answering, a job, a schedule, a mail delivery. Each test gets the lines that
 * arrived while it ran, less those it declared with `expectLoggedError`; the file gets those
 * that arrived outside any test. (Hooks run as a stack: these begin first and check last.)
 */
beforeAll(() => {
  beginFile();
});

beforeEach((context) => {
  beginTest(context.task.name);
});

afterEach(() => {
  const problem = endTest();
  if (problem) throw new Error(problem);
});

afterAll(() => {
  const problem = endFile();
  if (problem) throw new Error(problem);
});
