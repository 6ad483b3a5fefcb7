/**
 * Node and PostgreSQL errors that mean "the database cannot be reached right now": refused,
 * reset or broken connections, and PostgreSQL's own 57P01 (shut down by an administrator,
 * or its postmaster gone), 57P02 (another process crashed), 57P03 (starting, recovering or
 * stopping), 53300 (too many connections) and class 08 (connection exceptions).
 */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** What node-postgres says when a connection ends under a query, or a broken client is used. */
const DOWN_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

export function isDatabaseDown(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const err = e as { code?: string; message?: string; cause?: unknown; errors?: unknown[] };
    if (err.code && DATABASE_DOWN.has(err.code)) return true;
    if (DOWN_MESSAGES.some((m) => err.message?.includes(m))) return true;
    // A connection tried on several addresses fails with each address's error.
    if (Array.isArray(err.errors) && err.errors.some((inner) => isDatabaseDown(inner))) return true;
    e = err.cause;
  }
  return false;
}
