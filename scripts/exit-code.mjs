// Plain JavaScript: bootstrap.mjs runs on whatever Node the machine has, before TypeScript can.

/**
 * The exit code a finished child leaves the run with. A child that could not be started
 * (not found, not executable, no process to be had) has neither a status nor a signal:
 * that is a failure with its reason, never a success.
 */
export function exitCodeOf(child, what, report = console.error) {
  if (child.error) {
    report(`Could not run ${what}: ${child.error.code ?? ''} ${child.error.message}`.replace(/\s+/g, ' '));
    return 1;
  }
  if (child.signal) {
    report(`${what} was stopped by ${child.signal}.`);
    return 1;
  }
  if (typeof child.status !== 'number') {
    report(`${what} ended without an exit code.`);
    return 1;
  }
  return child.status;
}
