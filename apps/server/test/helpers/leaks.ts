import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

/** What an answer must never show: how the server is built, where it runs, what it is configured with. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at [^\n]+[(:]\d+/],
  ['a source position', /\.(?:ts|js|mjs|cjs):\d+/],
  ['SQL', /\bselect\s+[^<>]{0,200}?\bfrom\s+"|\binsert into\b|\bupdate\s+"\w+"\s+set\b|\bdelete from\b/i],
  [
    'a database error',
    /\bviolates\b[^.]*\bconstraint\b|\brelation "|syntax error at or near|invalid input syntax for/i,
  ],
  ['a file path', /\/work\/|\/apps\/(?:server|web)\/|node_modules|\/tmp\/portal-/],
  [
    'an error class',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError|DrizzleQueryError|DatabaseError)\b/,
  ],
];

/** The first thing the answer leaks, with the text around it, or undefined. */
export function leakIn(t: TestApp, res: LightMyRequestResponse): string | undefined {
  const body = res.body;
  const secrets = [t.database.url, t.database.name, t.config.dataDir].filter((s): s is string => Boolean(s));
  for (const secret of secrets) if (body.includes(secret)) return `the configuration (${secret})`;
  for (const [what, pattern] of LEAKS) {
    const found = pattern.exec(body);
    if (found) return `${what}: …${body.slice(Math.max(0, found.index - 60), found.index + 80)}…`;
  }
  return undefined;
}

/** Why an answer with an error status is not the envelope `{status:'error', message}` in JSON, or undefined. */
export function notAnEnvelope(res: LightMyRequestResponse): string | undefined {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `content-type ${res.headers['content-type']}`;
  }
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'a body that is not JSON';
  }
  const { status, message } = (body ?? {}) as { status?: unknown; message?: unknown };
  if (status !== 'error' || typeof message !== 'string' || message === '') return `body ${res.body.slice(0, 200)}`;
  return undefined;
}
