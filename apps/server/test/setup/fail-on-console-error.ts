import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Anything that reaches console.error is a failure, even when the code that logged it
 * caught the throw below: the message is kept and checked after each test.
 */
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const message = format(...args);
    logged.push(message);
    throw new Error(`console.error was called: ${message}`);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (logged.length) throw new Error(`console.error was called:\n${logged.join('\n')}`);
});
