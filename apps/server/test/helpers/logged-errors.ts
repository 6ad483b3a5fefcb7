import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/**
 * Every error-level (and fatal) line a test's servers log, in-process or as child processes.
 * A line is charged to the test running when it arrived, and fails it unless the test said it
 * would come (`expectLoggedError`); one that arrived outside any test (during beforeAll, between
 * tests, while the file closes its servers) fails the file, unless declared outside a test too
 * (in beforeAll). The setup file
 * `test/setup/fail-on-logged-error.ts` does the checking.
 */

const ERROR = pino.levels.values.error ?? 50;

interface LoggedLine {
  /** Which server logged it: 'server' for the test app, a process's label otherwise. */
  source: string;
  level: number;
  msg: string;
  /** The messages of the logged error and of its causes. */
  errors: string[];
  /** The line as logged, for the failure's report. */
  raw: Record<string, unknown>;
}

interface Expectation {
  pattern: RegExp | string;
  declaredAt: string;
}

let running: string | undefined;
let arrived: LoggedLine[] = [];
let outside: LoggedLine[] = [];
let expected: Expectation[] = [];
/** Declared outside a test (in beforeAll): met by lines that arrive outside any test. */
let expectedOutside: Expectation[] = [];

function errorMessages(err: unknown): string[] {
  const messages: string[] = [];
  let at = err as { message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    if (typeof at.message === 'string') messages.push(at.message);
    at = at.cause as typeof at;
  }
  return messages;
}

/** Takes one JSON log line; anything at error level or above is kept for the check. */
function take(source: string, text: string): void {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(trimmed);
  } catch {
    return;
  }
  const level = typeof raw.level === 'number' ? raw.level : 0;
  if (level < ERROR) return;
  const line: LoggedLine = {
    source,
    level,
    msg: typeof raw.msg === 'string' ? raw.msg : '',
    errors: errorMessages(raw.err),
    raw,
  };
  (running ? arrived : outside).push(line);
}

/** Splits written text into lines, keeping a line cut between two writes until it is whole. */
function lineReader(source: string) {
  let partial = '';
  return (chunk: string | Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) take(source, line);
  };
}

/**
 * A pino destination that keeps the server's error lines for the check and prints nothing;
 * with `also`, every line is written there too (a test that reads the log itself).
 */
export function logSink(source = 'server', also?: DestinationStream | NodeJS.WritableStream): DestinationStream {
  const read = lineReader(source);
  return {
    write(line: string) {
      read(line);
      also?.write(line);
    },
  };
}

/** A logger into the sink, for the pieces a test wires up by hand (a job queue, a context). */
export function sinkLogger(source = 'server'): FastifyBaseLogger {
  return pino({ level: 'warn' }, logSink(source));
}

/** What a server started as a process prints: its JSON lines at error level fail the test too. */
export function watchProcessOutput(source: string, stream: NodeJS.ReadableStream | null | undefined): void {
  const read = lineReader(source);
  stream?.on('data', read);
}

/**
 * This test (or, called in beforeAll, the file's setup) provokes an error-level line whose message (or its error's message) matches
 * `pattern`: one such line is allowed, and the test fails if none comes. Declare it once
 * for each line expected.
 */
export function expectLoggedError(pattern: RegExp | string): void {
  const stack = new Error().stack?.split('\n')[2]?.trim() ?? '';
  (running ? expected : expectedOutside).push({ pattern, declaredAt: stack });
}

function matches(pattern: RegExp | string, line: LoggedLine): boolean {
  return [line.msg, ...line.errors].some((text) =>
    typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text),
  );
}

function describeLine(line: LoggedLine): string {
  const err = line.raw.err as { type?: string; stack?: string } | undefined;
  const detail = err?.stack ? `\n      ${err.stack.split('\n').slice(0, 6).join('\n      ')}` : '';
  const rest = { ...line.raw };
  for (const key of ['level', 'time', 'pid', 'hostname', 'msg', 'err']) delete rest[key];
  const fields = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  return `  [${line.source}] ${line.level >= 60 ? 'FATAL' : 'ERROR'} ${line.msg}${fields}${detail}`;
}

/** A test begins: what arrives from now on is its own. */
export function beginTest(name: string): void {
  running = name;
  arrived = [];
  expected = [];
}

/** The lines not met by an expectation, and the expectations no line met. */
function settle(lines: LoggedLine[], wanted: Expectation[]): string[] {
  const left = [...wanted];
  const unexpected: LoggedLine[] = [];
  for (const line of lines) {
    const at = left.findIndex((e) => matches(e.pattern, line));
    if (at === -1) unexpected.push(line);
    else left.splice(at, 1);
  }
  const problems: string[] = [];
  if (unexpected.length)
    problems.push(`The server logged errors not expected:\n${unexpected.map(describeLine).join('\n')}`);
  if (left.length) {
    problems.push(
      `Errors expected were never logged:\n${left.map((e) => `  ${String(e.pattern)} (${e.declaredAt})`).join('\n')}`,
    );
  }
  return problems;
}

/** The test ended: answers what is wrong with the lines it got, if anything. */
export function endTest(): string | undefined {
  running = undefined;
  const problems = settle(arrived, expected);
  arrived = [];
  expected = [];
  return problems.length ? problems.join('\n') : undefined;
}

/** The file's tests are over: answers what is wrong with the lines that arrived outside any test. */
export function endFile(): string | undefined {
  const problems = settle(outside, expectedOutside);
  outside = [];
  expectedOutside = [];
  if (!problems.length) return undefined;
  return `Outside any test (in beforeAll, between two tests, or while closing):\n${problems.join('\n')}`;
}

/** A new file begins: nothing of the last one is carried over. */
export function beginFile(): void {
  running = undefined;
  arrived = [];
  outside = [];
  expected = [];
  expectedOutside = [];
}
